import RowKit
import Bench
import Demos
import Foundation
import TestSupport
import Testing
import WorkshopTestSupport
@testable import Workbench
import WorkshopChecks
import ChildProcesses
import Support

import LabCommands

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `Workshop/.progress.json`: every change a read-modify-write under a lock with an atomic
/// replace, so concurrent commands keep each other's records; an entry that cannot be read
/// is reported and kept aside, never dropped.
@Suite("The workshop's progress file")
struct WorkshopProgressTests {
    @Test("14 hints at once, one for each exercise, keep all 14 records")
    func concurrentHintsKeepEveryRecord() async throws {
        let checkout = try FakeCheckout(exercises: [])
        let (root, environment) = (checkout.root, checkout.environment)
        let results = try await withThrowingTaskGroup(of: ChildProcess.Result.self) { group in
            for exercise in ExerciseCatalog.all {
                group.addTask { try await FakeCheckout.lab(["hint", "\(exercise.number)"], in: root, environment: environment) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0.exitStatus == 0 })
        let progress = try #require(try WorkshopProgress.read(checkout.progress))
        #expect(!progress.isDamaged)
        #expect(progress.progress.exercises.keys.sorted() == ExerciseCatalog.all.map(\.number))
        #expect(progress.progress.exercises.values.allSatisfy { $0.hintsShown == 1 })
    }

    @Test("Hints asked for at once on one exercise each count: none is lost")
    func concurrentHintsOnOneExercise() async throws {
        let checkout = try FakeCheckout(exercises: [])
        let exercise = Exercise.confinement
        let (root, environment) = (checkout.root, checkout.environment)
        let results = try await withThrowingTaskGroup(of: ChildProcess.Result.self) { group in
            for _ in 0..<exercise.hints.count {
                group.addTask { try await FakeCheckout.lab(["hint", "1"], in: root, environment: environment) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0.exitStatus == 0 })
        // Each one showed a different hint.
        let shown = results.compactMap { $0.output.split(separator: "\n").first }.sorted()
        #expect(shown == (1...exercise.hints.count).map { "Exercise 1, hint \($0) of \(exercise.hints.count):" }.sorted())
        #expect(try WorkshopProgress.read(checkout.progress)?.progress[exercise].hintsShown == exercise.hints.count)
    }

    @Test("A damaged entry is reported, kept aside byte for byte in .progress.json.damaged, and the others kept")
    func damagedEntryIsKeptAside() async throws {
        let checkout = try FakeCheckout(exercises: [])
        let damaged = #"{"hintsShown": "two", "passed": true}"#
        try Data(#"{"exercises": {"1": {"hintsShown": 2}, "3": \#(damaged)}}"#.utf8).write(to: checkout.progress)

        let result = try await checkout.lab(["hint", "2"])

        #expect(result.exitStatus == 0)
        let aside = checkout.progress.path + ".damaged"
        #expect(result.output.split(separator: "\n").first == "lab: .progress.json has an entry that cannot be read ('3'); kept aside in '\(aside)', and left out of the file")
        let progress = try #require(try WorkshopProgress.read(checkout.progress))
        #expect(!progress.isDamaged)
        #expect(progress.progress.exercises[1]?.hintsShown == 2, "the good entry is kept")
        #expect(progress.progress.exercises[2]?.hintsShown == 1)
        let keptText = try String(contentsOfFile: aside, encoding: .utf8)
        let kept = try #require(try JSONSerialization.jsonObject(with: Data(keptText.utf8)) as? [String: [String: [String: Any]]])
        #expect(kept["exercises"]?["3"]?["hintsShown"] as? String == "two")
        #expect(kept["exercises"]?["3"]?["passed"] as? Bool == true)
    }

    @Test("A file that is not JSON at all is kept aside whole, byte for byte, and never overwrites an earlier one")
    func damagedFileIsKeptAside() async throws {
        let checkout = try FakeCheckout(exercises: [])
        let aside = checkout.progress.path + ".damaged"
        try Data("an earlier damaged file\n".utf8).write(to: URL(fileURLWithPath: aside))
        let bytes = Data("not json \u{1}\u{2}{\n".utf8)
        try bytes.write(to: checkout.progress)

        let result = try await checkout.lab(["hint", "1"])

        #expect(result.exitStatus == 0)
        #expect(result.output.split(separator: "\n").first == "lab: .progress.json cannot be read as the workshop's progress; kept aside in '\(aside).2', and left out of the file")
        #expect(try Data(contentsOf: URL(fileURLWithPath: aside + ".2")) == bytes)
        #expect(try String(contentsOfFile: aside, encoding: .utf8) == "an earlier damaged file\n")
        #expect(try WorkshopProgress.read(checkout.progress)?.progress.exercises[1]?.hintsShown == 1)
    }

    @Test("Listing reports a damaged entry and changes nothing")
    func listingChangesNothing() async throws {
        let checkout = try FakeCheckout()
        #expect(try await checkout.lab(["start", "1"]).exitStatus == 0)
        let text = #"{"exercises": {"1": {"hintsShown": -4}}}"#
        try Data(text.utf8).write(to: checkout.progress)

        let result = try await checkout.lab(["list"])

        #expect(result.exitStatus == 0)
        let line = "lab: .progress.json has an entry that cannot be read ('1'); the next command that records progress keeps it aside in .progress.json.damaged"
        #expect(result.output.hasPrefix(line + "\n"))
        #expect(result.output.components(separatedBy: line).count == 2, "said once")
        #expect(try String(contentsOf: checkout.progress, encoding: .utf8) == text)
        #expect(!FileManager.default.fileExists(atPath: checkout.progress.path + ".damaged"))
    }

    @Test("A symbolic link at the progress file's name is refused with one line, and its target is not touched")
    func linkIsRefused() async throws {
        let checkout = try FakeCheckout(exercises: [])
        let target = checkout.folder.path("target")
        try Data("not the lab's\n".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: checkout.progress.path, withDestinationPath: target)

        let result = try await checkout.lab(["hint", "1"])

        #expect(result.exitStatus == 65)
        #expect(result.output == "lab: cannot read the workshop's progress, '\(checkout.progress.path)': Too many levels of symbolic links; it is a symbolic link: remove it, and the next command starts a new one\n")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "not the lab's\n")
        #expect(try FileStatus.of(checkout.progress.path, followingLinks: false)?.kind == .symbolicLink)
    }

    @Test("A hint that could not be written is not counted as shown")
    func unwrittenHintIsNotCounted() async throws {
        let checkout = try FakeCheckout(exercises: [])
        let result = try await LabExecutable.runAsGiven(
            ["workshop", "hint", "1"], shell: #"exec "$0" "$@" > /dev/full"#, environment: checkout.environment, in: checkout.root
        )
        #expect(result.exitStatus == 74)
        #expect(result.output == "lab: cannot write to standard output: No space left on device\n")
        #expect(try WorkshopProgress.read(checkout.progress)?.progress.exercises[1]?.hintsShown ?? 0 == 0)
    }
}

// MARK: - Progress entries that cannot be trusted

extension WorkshopProgressTests {
    @Test("A check records the files it built, not the files found when it ends: a reset during the check is not listed as passed")
    func checkRecordsWhatItBuilt() async throws {
        let checkout = try FakeCheckout()
        let copy = checkout.layout.copy(.confinement, "QueueArchive.swift")
        // The learner's copy changes while the check runs, as a `reset` in another terminal does.
        try checkout.exercise("echo '// changed during the check' >> '\(copy.path)'; \(WorkshopContainmentTests.printPassingReport)")
        let before = try await checkout.lab(["start", "1"])
        #expect(before.exitStatus == 0, "\(before.output)")
        let built = Workbench(layout: checkout.layout).digest(of: .confinement)
        let result = try await checkout.lab(["check", "1"])
        #expect(result.exitStatus == 0, "\(result.output)")
        let entry = try #require(try WorkshopProgress.read(checkout.progress)?.progress.exercises[1])
        #expect(entry.passed == true)
        #expect(entry.checkedDigest == built)
        #expect(entry.checkedDigest != Workbench(layout: checkout.layout).digest(of: .confinement))
    }

    @Test("A hint asked for past the largest count the file can hold is the last hint again, not a crash")
    func hintCountAtItsLimit() async throws {
        let checkout = try FakeCheckout(exercises: [])
        try Data(#"{"exercises": {"1": {"hintsShown": \#(Int.max)}}}"#.utf8).write(to: checkout.progress)
        let result = try await checkout.lab(["hint", "1"])
        #expect(result.exitStatus == 0, "\(result.output)")
        #expect(result.output.contains("hint \(Exercise.confinement.hints.count) of \(Exercise.confinement.hints.count)"), "\(result.output)")
    }

    @Test("Keys that name one exercise in two spellings are not merged: the one not written as the lab writes it is kept aside", arguments: ["07", "+7", " 7", "7.0"])
    func oddKeysAreKeptAside(_ key: String) throws {
        let text = #"{"exercises": {"7": {"hintsShown": 1}, "\#(key)": {"hintsShown": 2, "passed": true}}}"#
        let read = WorkshopProgress.parse(Data(text.utf8))
        #expect(read.progress.exercises[7]?.hintsShown == 1)
        #expect(read.damagedEntries.keys.sorted() == [key])
    }
}

extension FakeCheckout {
    var progress: URL { layout.package.appendingPathComponent(".progress.json") }
}
