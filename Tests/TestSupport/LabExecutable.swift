import ChildProcesses
import Foundation

// MARK: - LabExecutable

/// The built `lab` executable, run as a child process: the one way a test starts it.
///
/// Tests of the command line run `lab` itself, as a user does: the hop meter counts for the
/// whole process, demos crash on purpose, and the counting pass starts `lab` again as its
/// own child, none of which can happen inside the test process.
package enum LabExecutable {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String

        package init(description: String) {
            self.description = description
        }
    }

    /// `lab`, built beside this test executable by `swift test`.
    package static let url = ChildProcess.sibling(named: "lab")

    /// ``url``, or an error that says it was not built.
    package static func located() throws(Failure) -> URL {
        guard let url else { throw Failure(description: "no lab executable beside the test executable") }
        return url
    }

    /// A command as `lab`, run by the tests in `folder`, prints it for the reader to paste
    /// (``LabCommandLine``): `swift run --package-path ROOT lab workshop check 1`.
    package static func printed(_ arguments: String, in folder: URL) throws -> String {
        let url = try located()
        let prefix = LabCommandLine.prefix(
            invokedAs: url.path, executable: url.resolvingSymlinksInPath().path,
            currentDirectory: folder.resolvingSymlinksInPath().path,
            isPackage: { FileManager.default.fileExists(atPath: $0 + "/Package.swift") }
        )
        return prefix + " " + arguments
    }

    /// What a run with its report in a file printed.
    package struct Report: Sendable {
        package var exitStatus: Int32?
        /// Everything printed, standard error included.
        package var output: String
        /// Standard output alone: the report (`--no-progress` keeps standard error empty on success).
        package var standardOutput: String
    }

    /// Runs `lab` with `arguments`, its report on standard output going to a file so it
    /// arrives apart from anything on standard error.
    package static func run(_ arguments: [String]) async throws -> Report {
        let folder = try TemporaryFolder()
        // The folder is removed when it is released: keep it until the report is read.
        defer { withExtendedLifetime(folder) {} }
        let report = folder.path("report")
        let result = try await runAsGiven(arguments + ["--output", report])
        let standardOutput = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        return Report(exitStatus: result.exitStatus, output: result.output, standardOutput: standardOutput)
    }

    /// Runs `lab` with `arguments` as they are, in `folder` when given, through `shell` when
    /// given: a `sh -c` script that receives lab's path as `$0` and the arguments as `"$@"`
    /// (`exec "$0" "$@" > /dev/full`).
    package static func runAsGiven(
        _ arguments: [String], shell script: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment, in folder: URL? = nil
    ) async throws -> ChildProcess.Result {
        let url = try located()
        guard let script else {
            return try await ChildProcess.run(url, arguments: arguments, environment: environment, in: folder)
        }
        return try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script, url.path] + arguments, environment: environment,
            in: folder
        )
    }
}
