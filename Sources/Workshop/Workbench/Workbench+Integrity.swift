import Support
import ChildProcesses
import Foundation
import WorkshopChecks

// MARK: - What a check grades

/// A check grades the learner's files, and only them: the check's entry point beside them
/// is the lab's, and nothing else may sit in the exercise's folder, since the nested
/// package compiles every Swift file there into the exercise.
extension Workbench {
    /// Puts the check's entry point back when it differs from the lab's, and says so.
    package func restoreEntryPoint(of exercise: Exercise) throws(LabError) {
        let entry = layout.copy(exercise, "main.swift")
        let current = try? String(contentsOf: entry, encoding: .utf8)
        guard current != exercise.entryPointSource else { return }
        do {
            try Data(exercise.entryPointSource.utf8).write(to: entry, options: .atomic)
        } catch {
            throw .data("cannot write \(layout.relative(entry)): \(error.localizedDescription)")
        }
        if current != nil {
            say("put back \(layout.relative(entry)): it is the check's entry point, and the check grades only \(exercise.files.joined(separator: ", "))")
        }
    }

    /// Swift files in the exercise's folder that are neither the learner's nor the entry
    /// point, as paths from the checkout's root.
    package func strayFiles(of exercise: Exercise) -> [String] {
        let folder = layout.copy(exercise, "main.swift").deletingLastPathComponent()
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        let own = Set(["main.swift"] + exercise.files)
        var stray: [String] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let name = url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)
            if !own.contains(String(name)) { stray.append(layout.relative(url)) }
        }
        return stray.sorted()
    }

    /// The `source` check of the learner's files: the files of the folder first, then
    /// what the rules (WorkshopSourceRules, through `findings`) find in the learner's own.
    package func sourceCheck(
        of exercise: Exercise, findings: (Exercise) async throws(LabError) -> [SourceFinding]
    ) async throws(LabError) -> Check {
        let stray = strayFiles(of: exercise)
        guard stray.isEmpty else {
            let list = stray.joined(separator: ", ")
            return Check(
                id: .source, status: .failed, expected: "only \(exercise.files.joined(separator: ", ")) and main.swift in the folder",
                measured: "\(stray.count) other Swift \(stray.count == 1 ? "file" : "files")",
                problem: "\(list): the exercise's folder holds only \(exercise.files.joined(separator: ", ")) and the check's "
                    + "main.swift, because every Swift file in it is compiled into the check. Move the other files out"
            )
        }
        return .source(try await findings(exercise))
    }
}

// MARK: - A report for a build that failed

extension CheckReport {
    /// The report of a build that failed, or of a run that left no report the lab can trust:
    /// the source check, the compiler's, the run's when it failed, and every other check of
    /// the exercise, not measured.
    package init(exercise: Exercise, source: Check, compiles: Check, run: Check? = nil) {
        let reason = run == nil ? "it does not compile" : "the run left no report (see the run check)"
        let rest = exercise.checkIDs.map { id in
            Check.notMeasured(id, expected: "see \(LabCommandLine.command("workshop check \(exercise.number)")) once it runs", because: reason)
        }
        self.init(exercise: exercise, checks: [source, compiles] + (run.map { [$0] } ?? []) + rest)
    }
}
