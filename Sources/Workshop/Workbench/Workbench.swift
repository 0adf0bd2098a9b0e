import Support
import Foundation
import NoteStore
import Workload
import WorkshopChecks

// MARK: - Workbench

/// The learner's side of the workshop in one checkout: their copies of the starters, and
/// what they have done so far. Nothing here overwrites a copy except ``reset(_:)``.
package struct Workbench {
    /// Where an exercise stands, as `lab workshop` lists it.
    package enum Status: String {
        case notStarted = "not started"
        /// Started, and changed since its last check (or never checked).
        case notChecked = "not checked"
        case failing
        case passed
    }

    package let layout: WorkshopLayout

    package var progressFile: URL { layout.package.appendingPathComponent(".progress.json") }

    /// The checkout around the current folder.
    package static func current() throws(LabError) -> Workbench {
        let current = FileManager.default.currentDirectoryPath
        guard !current.isEmpty else {
            throw .usage("lab workshop works in a checkout of the lab, and the current folder cannot be found (it was removed): cd to the checkout's root folder")
        }
        let here = URL(fileURLWithPath: current)
        guard let layout = WorkshopLayout.enclosing(here) else {
            throw .usage("lab workshop works in a checkout of the lab: no Workshop/Package.swift in '\(here.path.shown)' or above it; run it from the checkout's root folder")
        }
        return Workbench(layout: layout)
    }

    // MARK: Status

    package func status(of exercise: Exercise) -> Status {
        guard let digest = digest(of: exercise) else { return .notStarted }
        let entry = WorkshopProgress.load(from: progressFile)[exercise]
        if entry.resetDigest == digest, entry.checkedDigest != digest { return .notStarted }
        guard let passed = entry.passed, entry.checkedDigest == digest else { return .notChecked }
        return passed ? .passed : .failing
    }

    /// The first exercise that does not pass yet.
    package var next: Exercise? {
        ExerciseCatalog.all.first { status(of: $0) != .passed }
    }

    /// A digest of the learner's copies of `exercise`'s files, or nil when one is missing.
    package func digest(of exercise: Exercise) -> String? {
        var digest = Checksum()
        for file in exercise.files {
            guard let text = try? String(contentsOf: layout.copy(exercise, file), encoding: .utf8) else { return nil }
            digest.combine(text)
        }
        return digest.description
    }

    /// Records `report` as the result of the files whose digest is `digest`: the digest taken
    /// before the check read and built them, so that files changed during the check (a `reset`
    /// in another terminal) are not listed as the ones that passed.
    package func record(_ report: CheckReport, of exercise: Exercise, digest: String?) throws(LabError) {
        try WorkshopProgress.update(at: progressFile) { progress in
            progress[exercise].passed = report.passed
            progress[exercise].checkedDigest = digest
        }
    }

    // MARK: Files

    /// Copies the starters of `exercise` that the learner has no copy of yet, and returns
    /// the copies it made. An existing copy is never touched.
    @discardableResult
    package func start(_ exercise: Exercise) throws(LabError) -> [URL] {
        try copyStarters(of: exercise, overwriting: false)
    }

    /// Puts the starters of `exercise` back in place of the learner's copies, and forgets
    /// the result of its last check.
    @discardableResult
    package func reset(_ exercise: Exercise) throws(LabError) -> [URL] {
        let copies = try copyStarters(of: exercise, overwriting: true)
        let starter = digest(of: exercise)
        try WorkshopProgress.update(at: progressFile) { progress in
            progress[exercise].passed = nil
            progress[exercise].checkedDigest = nil
            progress[exercise].resetDigest = starter
        }
        return copies
    }

    private func copyStarters(of exercise: Exercise, overwriting: Bool) throws(LabError) -> [URL] {
        let entry = layout.copy(exercise, "main.swift")
        guard FileManager.default.fileExists(atPath: entry.path) else {
            throw .data("\(layout.relative(entry)) is missing: restore it with git checkout -- \(layout.relative(entry))")
        }
        var copied: [URL] = []
        for file in exercise.files {
            let starter = try text(of: layout.starter(exercise, file), what: "the starter of exercise \(exercise.number)")
            let copy = layout.copy(exercise, file)
            if !overwriting, (try? FileStatus.of(copy.path, followingLinks: false)) != nil { continue }
            do {
                try SideFile.replace(copy.path, with: Array(starter.utf8))
            } catch {
                throw .io("cannot write '\(layout.relative(copy).shown)': \(error.message)")
            }
            copied.append(copy)
        }
        return copied
    }

    /// The text of a tracked file, or a one-line error that says how to get it back.
    package func text(of file: URL, what: String) throws(LabError) -> String {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            throw .data("\(what) is missing: \(layout.relative(file)); restore it with git checkout -- \(layout.relative(file))")
        }
        return text
    }

    // MARK: Hints

    /// The next hint of `exercise` (the last one again once all are shown), and its number,
    /// counted as shown.
    package func nextHint(_ exercise: Exercise) throws(LabError) -> (number: Int, text: String) {
        let hint = try takeHint(exercise)
        return (hint.number, hint.text)
    }

    /// The next hint, counted as shown; `counted` says whether this call raised the count
    /// (not when the last hint is shown again), for ``returnHint(_:number:)``.
    package func takeHint(_ exercise: Exercise) throws(LabError) -> (number: Int, text: String, counted: Bool) {
        let (number, counted) = try WorkshopProgress.update(at: progressFile) { progress in
            // Past the last hint (a count as large as the file can hold included), the last again.
            let shown = min(progress[exercise].hintsShown, exercise.hints.count)
            let number = min(shown + 1, exercise.hints.count)
            progress[exercise].hintsShown = number
            return (number, number > shown)
        }
        return (number, exercise.hints[number - 1], counted)
    }

    /// Counts hint `number` as not shown after all: it could not be written. Only while no
    /// later hint was counted since.
    package func returnHint(_ exercise: Exercise, number: Int) {
        _ = try? WorkshopProgress.update(at: progressFile) { progress in
            if progress[exercise].hintsShown == number { progress[exercise].hintsShown = number - 1 }
        }
    }

    // MARK: The solution

    /// The reference solution as a change to the starter, one unified diff per file, with
    /// the learner's paths: `lab workshop solution N | git apply` applies it to an unedited copy.
    package func solutionDiff(_ exercise: Exercise) throws(LabError) -> String {
        var diff = ""
        for file in exercise.files {
            let starter = try text(of: layout.starter(exercise, file), what: "the starter of exercise \(exercise.number)")
            let solution = try text(of: layout.solution(exercise, file), what: "the solution of exercise \(exercise.number)")
            diff += UnifiedDiff(from: starter, to: solution).text(path: layout.relative(layout.copy(exercise, file)))
        }
        return diff
    }
}
