import Foundation
import WorkshopChecks

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - SourceRulesCommand

/// The workshop's `SourceRules` executable (Workshop/SourceRules/main.swift): `lab workshop
/// check` runs it on the learner's files before their build, and reads its findings.
///
/// It is an executable of the nested package, not a part of `lab`, so that the syntax
/// library is compiled for the workshop alone, in debug, once: never into the release
/// build `make bench` makes.
public enum SourceRulesCommand {
    /// `SourceRules EXERCISE FILE…`: prints the findings in the files, as JSON, and exits 0;
    /// exits 64 with one line on a usage error, 65 when a file cannot be read.
    public static func main(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        guard let first = arguments.first, let number = Int(first), let exercise = ExerciseCatalog.exercise(number) else {
            fail(64, "usage: SourceRules EXERCISE FILE…, with EXERCISE the number of one of the workshop's exercises")
        }
        var files: [(name: String, text: String)] = []
        for path in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else { fail(65, "SourceRules: cannot read \(path)") }
            let name = path.split(separator: "/").last.map(String.init) ?? path
            files.append((name: name, text: String(decoding: data, as: UTF8.self)))
        }
        let findings = SourceRules(for: exercise).findings(in: files)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let json = try? encoder.encode(findings) else { fail(65, "SourceRules: cannot encode the findings") }
        FileHandle.standardOutput.write(json + Data("\n".utf8))
        exit(0)
    }

    private static func fail(_ status: Int32, _ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(status)
    }
}
