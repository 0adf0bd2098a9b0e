import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - ScratchFolder

/// A folder of the lab's own in the temporary directory (`TMPDIR`, else /tmp), made with
/// `mkdtemp`: new, exclusive, readable by the user alone, named `<prefix>-XXXXXX`. It is
/// removed when the command ends, however a signal ends it (``Interruption``).
package enum ScratchFolder {
    /// Makes the folder and returns its path; `purpose` says in an error what it was for.
    package static func create(named prefix: String, for purpose: String) throws(LabError) -> String {
        let base = directory
        // mkdtemp(3) replaces the template's last six characters, which must be "X".
        let replaced = String(repeating: "X", count: 6)
        var template = Array("\(base)/\(prefix)-\(replaced)".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else {
            let failure = POSIXFailure.current
            throw .data(
                "cannot create a temporary folder for \(purpose) in '\(base.shown)': \(failure.message); set TMPDIR to a folder you can write"
            )
        }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        Interruption.removeIfInterrupted(path, identity: (try? FileStatus.of(path, followingLinks: false))?.identity)
        return path
    }

    /// Removes the folder and everything in it, never following a link (``FileTree``).
    package static func remove(_ path: String) {
        FileTree.remove(path)
        Interruption.forget(path)
    }

    /// `TMPDIR` without its trailing slashes, else /tmp.
    package static var directory: String {
        var path = ProcessInfo.processInfo.environment["TMPDIR"] ?? ""
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path.isEmpty ? "/tmp" : path
    }
}
