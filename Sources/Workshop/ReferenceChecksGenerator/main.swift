// Writes the tables of checks that WorkshopReference runs on the starters, the reference
// solutions and the wrong fixes: run by the ReferenceChecks build plugin, never by hand.
//
// Swift cannot look a type up by its name, and each exercise's check is generic over the
// learner's type, so each module that holds such types needs a line per type that names
// it. This tool writes those lines from what already says them: an exercise's entry point
// (Workshop/Exercises/<folder>/main.swift, which a test holds to the catalog's
// `Exercise.entryPoint`) names its check and the learner's type, and a wrong fix is a type
// named as its file, in its exercise's folder.
//
//     ReferenceChecksGenerator OUTPUT EXERCISES [--nonisolated] TABLE... -- FILE...
//
// TABLE is `NAME=exercises@FOLDER` (the exercise's check on the learner's type, by number,
// for the files under FOLDER) or `NAME=types@FOLDER` (the exercise's check on each file's
// type, by the type's name). FOLDER is a path from the target's root, `.` for all of it.
// FILE is each source file of the target, as `ROOT-RELATIVE-PATH`.

import Foundation

struct Failure: Error, CustomStringConvertible {
    let description: String
}

/// `ConfinementCheck`, `QueueArchive` from `await WorkshopChecks.ConfinementCheck<QueueArchive>.main()`;
/// nil for a new exercise whose entry point `make generated` has not written yet (it writes
/// them from the catalog, which needs this target built first): its types get no line, and
/// the tests fail on its missing checks until the entry point is there.
func entryPoint(ofExerciseIn folder: String, exercises: URL) throws -> (check: String, learnerType: String)? {
    let file = exercises.appendingPathComponent(folder).appendingPathComponent("main.swift")
    guard FileManager.default.fileExists(atPath: file.path) else { return nil }
    let text = try String(contentsOf: file, encoding: .utf8)
    let line = text.split(separator: "\n").first { $0.hasPrefix("await WorkshopChecks.") && $0.hasSuffix(".main()") }
    guard let line else { throw Failure(description: "\(file.path): no `await WorkshopChecks.<Check><<Type>>.main()` line") }
    let call = line.dropFirst("await WorkshopChecks.".count).dropLast(".main()".count)
    guard let open = call.firstIndex(of: "<"), call.last == ">" else { throw Failure(description: "\(file.path): \(line)") }
    return (String(call[..<open]), String(call[call.index(after: open)..<call.index(before: call.endIndex)]))
}

/// The exercise's number from its folder's name: 1 from `01-confinement`.
func number(ofExercise folder: String) throws -> Int {
    guard let number = Int(folder.prefix { $0.isNumber }) else { throw Failure(description: "\(folder) is not an exercise's folder") }
    return number
}

do {
    var arguments = Array(CommandLine.arguments.dropFirst())
    guard arguments.count >= 3, let separator = arguments.firstIndex(of: "--") else {
        throw Failure(description: "usage: ReferenceChecksGenerator OUTPUT EXERCISES [--nonisolated] TABLE... -- FILE...")
    }
    let files = arguments[(separator + 1)...].filter { $0.hasSuffix(".swift") }
    arguments = Array(arguments[..<separator])
    let output = URL(fileURLWithPath: arguments.removeFirst())
    let exercises = URL(fileURLWithPath: arguments.removeFirst())
    let nonisolated = arguments.contains("--nonisolated")
    var text = """
        // Written by the ReferenceChecks build plugin (Sources/Workshop/ReferenceChecksGenerator)
        // from the exercises' entry points and this target's files. Not tracked; not to edit.

        import WorkshopChecks

        """
    // Every file in an exercise's folder holds a type one of the tables must name: a file
    // no table places would be compiled and never run.
    var placedFiles: Set<String> = []
    for table in arguments where table != "--nonisolated" {
        let parts = table.split(separator: "=", maxSplits: 1).map(String.init)
        let spec = parts.count == 2 ? parts[1].split(separator: "@", maxSplits: 1).map(String.init) : []
        guard spec.count == 2, ["exercises", "types"].contains(spec[0]) else { throw Failure(description: "bad table \(table)") }
        let (name, kind, folder) = (parts[0], spec[0], spec[1])
        // The files under FOLDER, as (exercise folder, file name).
        let placed = files.compactMap { path -> (folder: String, file: String)? in
            var components = path.split(separator: "/").map(String.init)
            if folder != "." {
                guard components.first == folder else { return nil }
                components.removeFirst()
            }
            guard components.count == 2 else { return nil }
            placedFiles.insert(path)
            return (components[0], components[1])
        }
        var lines: [String] = []
        if kind == "exercises" {
            for folder in Set(placed.map(\.folder)).sorted() {
                guard let entry = try entryPoint(ofExerciseIn: folder, exercises: exercises) else { continue }
                lines.append("    \(try number(ofExercise: folder)): \(entry.check)<\(entry.learnerType)>.run(arguments:seeds:),")
            }
        } else {
            for (folder, file) in placed.sorted(by: { $0.file < $1.file }) {
                let type = String(file.dropLast(".swift".count))
                guard let entry = try entryPoint(ofExerciseIn: folder, exercises: exercises) else { continue }
                lines.append("    \"\(type)\": \(entry.check)<\(type)>.run(arguments:seeds:),")
            }
        }
        let key = kind == "exercises" ? "Int" : "String"
        text += """

            /// The check of each \(kind == "exercises" ? "exercise this target holds, on the learner's type, by exercise number" : "type this target holds, named as its file, by the type's name").
            \(nonisolated ? "nonisolated " : "")package let \(name): [\(key): CheckRun] = \(lines.isEmpty ? "[:]" : "[\n" + lines.joined(separator: "\n") + "\n]")

            """
    }
    // The target's own files sit at its root (WrongFixes.swift); any other must be placed.
    let unplaced = files.filter { $0.contains("/") && !placedFiles.contains($0) }
    guard unplaced.isEmpty else {
        throw Failure(description: "no table takes \(unplaced.joined(separator: ", ")): a learner's type belongs in <exercise folder>/<Type>.swift")
    }
    try Data(text.utf8).write(to: output, options: .atomic)
} catch {
    FileHandle.standardError.write(Data("ReferenceChecksGenerator: \(error)\n".utf8))
    exit(1)
}
