import Foundation

@testable import Demos
import ChildProcesses
import Support

// MARK: - LabProcess

/// The built `lab` executable, run as a child process: demos count hops for the whole
/// process and crash on purpose, so they run in one of their own, as `lab demo` runs them.
enum LabProcess {
    /// `lab`, built beside this test executable by `swift test`.
    static let executable = ChildProcess.sibling(named: "lab")

    /// Runs `lab` with `arguments` and returns what it printed and how it ended.
    static func run(_ arguments: [String]) async throws -> ChildProcess.Result {
        guard let executable else { throw DemoError.unexpected("no lab executable beside the test executable") }
        return try await ChildProcess.run(executable, arguments: arguments, environment: ProcessInfo.processInfo.environment)
    }

    /// Runs `lab demo NAME --json` and decodes the demo's outcome.
    static func outcome<D: Demo>(of demo: D.Type) async throws -> D.Outcome {
        let result = try await run(["demo", D.name, "--json"])
        guard result.exitStatus == 0 else {
            throw DemoError.unexpected("lab demo \(D.name) ended with \(result.exitStatus.map { "status \($0)" } ?? "signal \(result.signal ?? 0)"): \(result.output)")
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(DemoResult<D.Outcome>.self, from: Data(result.output.utf8)).outcome
    }
}
