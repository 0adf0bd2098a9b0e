import Foundation
import Workload
import Workshop

// MARK: - Workbench

/// The learner's side of the workshop in one checkout: their copies of the starters, and
/// what they have done so far. Nothing here overwrites a copy except ``reset(_:)``.
struct Workbench {
    /// Where an exercise stands, as `lab workshop` lists it.
    enum Status: String {
        case notStarted = "not started"
        /// Started, and changed since its last check (or never checked).
        case notChecked = "not checked"
        case failing
        case passed
    }

    let layout: WorkshopLayout

    var progressFile: URL { layout.package.appendingPathComponent(".progress.json") }

    /// The checkout around the current folder.
    static func current() throws(LabError) -> Workbench {
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        guard let layout = WorkshopLayout.enclosing(here) else {
            throw .usage("lab workshop works in a checkout of the lab: no Workshop/Package.swift in \(here.path) or above it")
        }
        return Workbench(layout: layout)
    }

    // MARK: Status

    func status(of exercise: Exercise) -> Status {
        guard let digest = digest(of: exercise) else { return .notStarted }
        let entry = WorkshopProgress.load(from: progressFile)[exercise]
        guard let passed = entry.passed, entry.checkedDigest == digest else { return .notChecked }
        return passed ? .passed : .failing
    }

    /// The first exercise that does not pass yet.
    var next: Exercise? {
        ExerciseCatalog.all.first { status(of: $0) != .passed }
    }

    /// A digest of the learner's copies of `exercise`'s files, or nil when one is missing.
    func digest(of exercise: Exercise) -> String? {
        var digest = Checksum()
        for file in exercise.files {
            guard let text = try? String(contentsOf: layout.copy(exercise, file), encoding: .utf8) else { return nil }
            digest.combine(text)
        }
        return digest.description
    }

    /// Remembers the result of a check of the files as they are now.
    func record(_ report: CheckReport, of exercise: Exercise) throws(LabError) {
        var progress = WorkshopProgress.load(from: progressFile)
        progress[exercise].passed = report.passed
        progress[exercise].checkedDigest = digest(of: exercise)
        try progress.save(to: progressFile)
    }

    // MARK: Files

    /// Copies the starters of `exercise` that the learner has no copy of yet, and returns
    /// the copies it made. An existing copy is never touched.
    @discardableResult
    func start(_ exercise: Exercise) throws(LabError) -> [URL] {
        try copyStarters(of: exercise, overwriting: false)
    }

    /// Puts the starters of `exercise` back in place of the learner's copies, and forgets
    /// the result of its last check.
    @discardableResult
    func reset(_ exercise: Exercise) throws(LabError) -> [URL] {
        let copies = try copyStarters(of: exercise, overwriting: true)
        var progress = WorkshopProgress.load(from: progressFile)
        progress[exercise].passed = nil
        progress[exercise].checkedDigest = nil
        try progress.save(to: progressFile)
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
            if !overwriting, FileManager.default.fileExists(atPath: copy.path) { continue }
            do {
                try Data(starter.utf8).write(to: copy, options: .atomic)
            } catch {
                throw .data("cannot write \(layout.relative(copy)): \(error.localizedDescription)")
            }
            copied.append(copy)
        }
        return copied
    }

    /// The text of a tracked file, or a one-line error that says how to get it back.
    func text(of file: URL, what: String) throws(LabError) -> String {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            throw .data("\(what) is missing: \(layout.relative(file)); restore it with git checkout -- \(layout.relative(file))")
        }
        return text
    }

    // MARK: Hints

    /// The next hint of `exercise` (the last one again once all are shown), and its number.
    func nextHint(_ exercise: Exercise) throws(LabError) -> (number: Int, text: String) {
        var progress = WorkshopProgress.load(from: progressFile)
        let number = min(progress[exercise].hintsShown + 1, exercise.hints.count)
        progress[exercise].hintsShown = number
        try progress.save(to: progressFile)
        return (number, exercise.hints[number - 1])
    }

    // MARK: The solution

    /// The reference solution as a change to the starter, one unified diff per file, with
    /// the learner's paths: `lab workshop solution N | git apply` applies it to an unedited copy.
    func solutionDiff(_ exercise: Exercise) throws(LabError) -> String {
        var diff = ""
        for file in exercise.files {
            let starter = try text(of: layout.starter(exercise, file), what: "the starter of exercise \(exercise.number)")
            let solution = try text(of: layout.solution(exercise, file), what: "the solution of exercise \(exercise.number)")
            diff += UnifiedDiff(from: starter, to: solution).text(path: layout.relative(layout.copy(exercise, file)))
        }
        return diff
    }
}
