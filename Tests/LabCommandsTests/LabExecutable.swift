import RowKit
import Bench
import Demos
import Foundation
import TestSupport
import ChildProcesses
import Support

/// The built `lab` executable, run as a child process.
enum LabExecutable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `lab`, built beside this test executable by `swift test`.
    static let url = ChildProcess.sibling(named: "lab")

    struct Result {
        var exitStatus: Int32?
        /// Everything printed, standard error included.
        var output: String
        /// Standard output alone: the report (`--no-progress` keeps standard error empty on success).
        var standardOutput: String
    }

    /// Runs `lab` with `arguments`, its report on standard output going to a file so it
    /// arrives apart from anything on standard error.
    static func run(_ arguments: [String]) async throws -> Result {
        let folder = try TemporaryFolder()
        // The folder is removed when it is released: keep it until the report is read.
        defer { withExtendedLifetime(folder) {} }
        let report = folder.path("report")
        let result = try await runAsGiven(arguments + ["--output", report])
        let standardOutput = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        return Result(exitStatus: result.exitStatus, output: result.output, standardOutput: standardOutput)
    }

    /// Runs `lab` with `arguments` as they are, through `shell` when given: a `sh -c` script
    /// that receives lab's path as `$0` and the arguments as `"$@"`.
    static func runAsGiven(_ arguments: [String], shell script: String? = nil) async throws -> ChildProcess.Result {
        guard let url else { throw Failure(description: "no lab executable beside the test executable") }
        let environment = ProcessInfo.processInfo.environment
        guard let script else { return try await ChildProcess.run(url, arguments: arguments, environment: environment) }
        return try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script, url.path] + arguments, environment: environment
        )
    }
}
