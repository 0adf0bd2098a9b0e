import Support
import ArgumentParser
import NoteStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Lab

/// The `lab` command: runs the lab's benchmarks (`lab bench`), its demos (`lab demo`) and
/// its workshop (`lab workshop`).
package struct Lab: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "lab",
        abstract: "Measure how database work behaves under each Swift concurrency pattern.",
        subcommands: [BenchCommand.self, DemoCommand.self, WorkshopCommand.self, CountingPassCommand.self]
    )

    package init() {}

    /// Parses `arguments`, runs the command and returns the process exit code: 0 on
    /// success, 1 when a check fails, 64 for bad usage, 65 for bad data, 74 for a failed
    /// write. Errors are one line on standard error, never a stack trace.
    /// The line that refuses an argument whose bytes are not UTF-8, or nil when every one is.
    /// Swift hands such an argument to the commands with U+FFFD in place of the bytes, so a
    /// path would name another file: it is refused before anything runs.
    package static func refusalOfNonUTF8(_ count: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> String? {
        for index in 1..<Int(max(count, 1)) {
            guard let argument = argv[index], String(validatingCString: argument) == nil else { continue }
            return "argument \(index) is not valid UTF-8: a path the lab cannot name byte for byte would name "
                + "another file; rename it, or give another path"
        }
        return nil
    }

    package static func run(_ arguments: [String]) async -> Int32 {
        // Every signal that would end the process stops it cleanly from here on, and a write
        // to a closed pipe fails (exit 74, through the command's own clean-up) instead of
        // ending it on the spot. Each command says what its stop leaves behind.
        Interruption.install(saying: "lab stopped")
        do {
            var command = try parseAsRoot(withNegativeNumbersAsArguments(arguments))
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
                do {
                    try StandardOutput.write(fullMessage(for: error) + "\n")
                } catch let failure {
                    printError(failure.description)
                    return failure.exitCode
                }
                return 0
            }
            let text = message(for: error)
            printError(text.isEmpty ? "\(error)" : oneLine(text))
            return code == 1 ? 1 : LabError.usageExitCode
        }
    }

    /// One line on standard error, `lab: ` first, its control characters escaped.
    static func printError(_ message: String) {
        StandardStreams.printError(message)
    }

    /// The workshop's exercise argument may be a negative number (`lab workshop check -1`),
    /// which the parser would take for an option: it goes after `--`, where it is an
    /// argument, and the command says there is no such exercise.
    static func withNegativeNumbersAsArguments(_ arguments: [String]) -> [String] {
        guard arguments.first == "workshop", !arguments.contains("--") else { return arguments }
        let isNegativeNumber = { (argument: String) in
            argument.count > 1 && argument.hasPrefix("-") && argument.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
        }
        let numbers = arguments.filter(isNegativeNumber)
        guard !numbers.isEmpty else { return arguments }
        return arguments.filter { !isNegativeNumber($0) } + ["--"] + numbers
    }
}
