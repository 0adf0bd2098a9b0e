import ArgumentParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Lab

/// The `lab` command: runs the lab's benchmarks (`lab bench`), its demos (`lab demo`) and
/// its workshop (`lab workshop`).
public struct Lab: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "lab",
        abstract: "Measure how database work behaves under each Swift concurrency pattern.",
        subcommands: [BenchCommand.self, DemoCommand.self, WorkshopCommand.self]
    )

    public init() {}

    /// Parses `arguments`, runs the command and returns the process exit code: 0 on
    /// success, 1 when a check fails, 64 for bad usage, 65 for bad data, 74 for a failed
    /// write. Errors are one line on standard error, never a stack trace.
    public static func run(_ arguments: [String]) async -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch let error as LabError {
            Interruption.waitIfStopping()
            printError(error.description)
            return error.exitCode
        } catch {
            Interruption.waitIfStopping()
            let code = exitCode(for: error).rawValue
            if code == 0 {
                // --help and --version are not errors: print them whole, on standard output.
                print(fullMessage(for: error))
            } else {
                let text = message(for: error)
                printError(text.isEmpty ? "\(error)" : oneLine(text))
            }
            return code == 0 ? 0 : (code == 1 ? 1 : LabError.usageExitCode)
        }
    }

    static func printError(_ message: String) {
        var line = Array("lab: \(message)\n".utf8)
        _ = write(STDERR_FILENO, &line, line.count)
    }
}
