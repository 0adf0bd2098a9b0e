import Foundation

// MARK: - LabCommandLine

/// How to run the lab again from where it runs now: every command the lab prints for the
/// reader to type (the next exercise, a hint, a demo) starts with ``prefix``, so it can be
/// pasted as it is. `lab` alone only when the lab was found on the `PATH`.
package enum LabCommandLine {
    /// `arguments` after the way this process was started: "swift run lab workshop check 1".
    package static func command(_ arguments: String) -> String {
        prefix + " " + arguments
    }

    /// The way this process was started, computed once.
    package static let prefix: String = prefix(
        invokedAs: CommandLine.arguments.first ?? "lab",
        executable: ChildProcess.currentExecutable.path,
        currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath().path,
        isPackage: { FileManager.default.fileExists(atPath: $0 + "/Package.swift") }
    )

    /// The prefix for a lab started as `invokedAs` (its `argv[0]`), whose executable is
    /// `executable`, in `currentDirectory`; `isPackage` says whether a folder holds a
    /// Package.swift.
    ///
    /// - A name with no slash was found on the `PATH`: it is typed again as it is.
    /// - A build of a package (`ROOT/.build/…/debug/lab`, what `swift run lab` and
    ///   `make` start) is `swift run lab`, with `-c release` for a release build and
    ///   `--package-path ROOT` when the current folder is not ROOT: `swift run` keeps the
    ///   current folder, which `lab workshop` reads.
    /// - Anything else is the executable's path, as it was typed.
    package static func prefix(
        invokedAs: String, executable: String, currentDirectory: String, isPackage: (String) -> Bool
    ) -> String {
        guard invokedAs.contains("/") else { return invokedAs }
        if let range = executable.range(of: "/.build/", options: .backwards) {
            let root = String(executable[..<range.lowerBound])
            if isPackage(root) {
                let release = executable[range.upperBound...].split(separator: "/").contains("release") ? " -c release" : ""
                let packagePath = root == currentDirectory ? "" : " --package-path " + quoted(root)
                return "swift run\(release)\(packagePath) \(URL(fileURLWithPath: executable).lastPathComponent)"
            }
        }
        return quoted(invokedAs)
    }

    /// `text` as a shell reads it back: as it is when it holds only safe characters, else
    /// in single quotes.
    static func quoted(_ text: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+=:,@%")
        if !text.isEmpty, text.allSatisfy(safe.contains) { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
