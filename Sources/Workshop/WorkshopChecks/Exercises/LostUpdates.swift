internal import Demos
import WorkshopKit
import Foundation
import NoteStore
import Workload

// MARK: - Exercise 9: lost updates

extension Exercise {
    package static let lostUpdates = Exercise(
        number: 9, slug: "lost-updates",
        goal: "keep each read-modify-write in one job on the queue, so concurrent edits are not lost",
        demo: SetterRedispatchDemo.self,
        files: ["EditDesk.swift"],
        hints: [
            """
            Each perform is safe on its own. What can run between the read and the write, \
            while apply(_:to:) is suspended at its second await?
            """,
            """
            An actor is reentrant: while one call awaits, the actor runs the next. Eight \
            clients edit the same notes, so another edit of the same note is read and \
            written in between, and one of the two is lost. SwiftData's re-dispatching \
            setters have the same gap.
            """,
            """
            Read, change and save in one closure: \
            `try await context.perform { context in try context.apply(edit, to: id) }`.
            """,
        ],
        startingFailure: .check("checksum"),
        entryPoint: "LostUpdatesCheck<EditDesk>", checkIDs: [.store, .contexts, .trap, .checksum, .done, .failure, .waits],
        minutes: 15,
        starterShows: "a read and a write in two `perform`s of a reentrant actor: 8 clients lose updates",
        passesWhen: "the reference model's checksum after each of three rounds of edits",
        teaches: """
            Each access on the right queue is safe; a read and a write in two jobs lose updates \
            under concurrency, as setters that re-dispatch each access can (Fatbobman reports that \
            SwiftData's do, [Concurrent Programming in \
            SwiftData](https://fatbobman.com/en/posts/concurret-programming-in-swiftdata/); Apple \
            does not document it).
            """,
        wrongFixes: [
            WrongFix(
                name: "RememberedDateEditDesk", kind: .neverTouchesTheDatabase, refusedBy: .checksum,
                because: "updates were lost"
            ),
            WrongFix(
                name: "WaitingEditDesk", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
                because: "on the cooperative pool"
            ),
            WrongFix(
                name: "ScheduledEditDesk", kind: .skipsTheWork, refusedBy: .checksum,
                because: "had not run yet when apply(_:to:) returned"
            ),
            WrongFix(
                name: "OptionalSaveEditDesk", kind: .skipsTheWork, refusedBy: .failure,
                because: "never reached the caller"
            ),
            WrongFix(
                name: "OneAtATimeEditDesk", kind: .keepsTheMisconception, refusedBy: .checksum,
                because: "updates were lost"
            ),
            WrongFix(
                name: "TaskEditDesk", kind: .skipsTheWork, refusedBy: .done,
                because: "returned before its work was done"
            ),
            WrongFix(
                name: "YieldingSpinEditDesk", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
                because: "held"
            ),
        ]
    )
}

// MARK: - EditMeasurements

/// What the runs of a ``NoteEditing`` measured, one entry per seed.
public struct EditMeasurements: MeasuresPromises {
    struct Seed: Codable, Sendable {
        /// The round, from 1.
        var seed: UInt64
        var checksum: Checksum
        /// The seconds the shared notes' dates moved on, in all: one per edit applied.
        var advanced: Int
        /// Bodies of `perform(schedule:)` still queued when every `apply(_:to:)` had returned.
        var notRunYet: Int
        /// Saves of another context that came in between jobs, each an edit of every shared note.
        var foreignSaves: Int
    }

    var seeds: [Seed]?
    public var promises: CallPromises?

    public init() {}
}

// MARK: - LostUpdatesCheck

/// Exercise 9's check: eight clients edit the same ten notes at once, the check edits them
/// too between the clients' two halves, and after every round the database ends as the
/// reference model, which applies the edits one by one, says.
public enum LostUpdatesCheck<Editor: NoteEditing>: ExerciseChecker {
    public static var exercise: Exercise { .lostUpdates }
    public static var contextPlacement: ContextPlacement { .onTheirOwnQueues }
    /// Its run sends some 1,400 jobs to the store: a slowdown a little under the usual keeps
    /// a check near 7 s.
    public static var storeSlowdown: Duration { .microseconds(2_500) }

    /// Three rounds of edits, each from its own seed drawn from the run's.
    static func seeds(_ data: WorkshopData) -> [UInt64] {
        var random = SplitMix64(seed: data.seed)
        return (0..<3).map { _ in random.next() }
    }

    static var clients: Int { 8 }
    static var editsPerClient: Int { 50 }
    /// The ten notes every client edits.
    static func sharedNotes(_ data: WorkshopData) -> ArraySlice<NoteSnapshot> { data.notes.prefix(10) }

    /// Each client's edits: random notes among the shared ten. Each edit moves the date one
    /// second on, so the date counts the edits that were applied.
    static func edits(seed: UInt64, data: WorkshopData) -> [[(NoteID, NoteEdit)]] {
        let sharedNotes = sharedNotes(data)
        return (0...clients).map { client in
            var random = SplitMix64(seed: seed &* 31 &+ UInt64(client))
            return (0..<editsPerClient).map { _ in
                let note = sharedNotes[sharedNotes.startIndex + Int(random.next(in: 0...Int64(sharedNotes.count - 1)))]
                return (note.id, NoteEdit(body: "edited \(note.id.rawValue)", modifiedAdvance: 1))
            }
        }
    }

    public static func measure(_ record: Recorder<EditMeasurements>) async throws {
        let data = record.data
        let sharedNotes = sharedNotes(data)
        var results: [EditMeasurements.Seed] = []
        for (round, seed) in seeds(data).enumerated() {
            record.step("running \(clients) clients and the check's own × \(editsPerClient) edits, round \(round + 1)")
            let container = try await data.seeded()
            let editor = try Editor(container: container)
            let edits = edits(seed: seed, data: data)
            // Another context's saves come in between jobs of the store's queues all round;
            // the check's own edits come between the clients' two halves. A desk that trusts
            // what it read in an earlier job, instead of reading in the job that writes,
            // loses them.
            let foreign = ForeignSaves(container, editing: sharedNotes.map(\.id), seed: seed)
            foreign.start()
            let halves = edits.dropLast().map { ($0.prefix(editsPerClient / 2), $0.dropFirst(editsPerClient / 2)) }
            try await edit(halves.map(\.0), through: editor)
            let context = try container.newContext(name: "check-editor")
            for (id, edit) in edits[clients] {
                try await context.perform { (context) throws(NoteStoreError) in try context.apply(edit, to: id) }
            }
            await context.perform { context in context.close() }
            try await edit(halves.map(\.1), through: editor)
            foreign.stop()
            let notRunYet = StoreAudit.scheduledBodiesNotFinished
            record.step("reading the database after round \(round + 1)")
            results.append(.init(
                seed: UInt64(round + 1), checksum: try await data.checksum(of: container),
                advanced: try await modificationAdvances(in: container, data: data), notRunYet: notRunYet,
                foreignSaves: foreign.committed
            ))
            record.record { $0.seeds = results }
        }

        record.step("applying one edit alone, then one while its save fails")
        let container = try await data.seeded()
        let editor = try Editor(container: container)
        let witness = await DatabaseWitness.opened(container)
        let (edited, failing) = (data.notes[10], data.notes[11])
        let edit = NoteEdit(body: "edited alone \(edited.id.rawValue)", modifiedAdvance: 1)
        try await record.done("apply(_:to:)", writes: [edited.after(edit)], seenBy: witness) {
            try await editor.apply(edit, to: edited.id)
        }
        let failingEdit = NoteEdit(body: "edited while the disk fails \(failing.id.rawValue)", modifiedAdvance: 1)
        await record.failingSaves(
            "apply(_:to:)", writes: [failing.after(failingEdit)], failing: { $0.id == failing.id },
            in: container, seenBy: witness
        ) {
            try await editor.apply(failingEdit, to: failing.id)
        }
    }

    /// Runs each client's `edits` through `editor`, the clients at once.
    private static func edit(_ edits: [ArraySlice<(NoteID, NoteEdit)>], through editor: Editor) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for clientEdits in edits {
                group.addTask {
                    for (id, edit) in clientEdits { try await editor.apply(edit, to: id) }
                }
            }
            try await group.waitForAll()
        }
    }

    /// What the reference model says of round `round` (from 1), in which another context
    /// saved `foreignSaves` times: the database's checksum, and the seconds the shared notes'
    /// dates moved on. Computed in the parent, from the seed alone.
    static func reference(round: Int, foreignSaves: Int, data: WorkshopData) -> (checksum: Checksum, advanced: Int) {
        let sharedNotes = sharedNotes(data)
        var reference = ReferenceModel()
        for batch in data.plan.setup { reference.apply(batch) }
        let foreignEdits = sharedNotes.flatMap { note in
            repeatElement((note.id, NoteEdit(body: "edited \(note.id.rawValue)", modifiedAdvance: 1)), count: foreignSaves)
        }
        for (id, edit) in edits(seed: seeds(data)[round - 1], data: data).joined() + foreignEdits {
            var note = reference.notes[id]!
            note.body = edit.body
            note.modified = edit.applied(toModified: note.modified)
            reference.apply(NoteBatch(notes: [note]))
        }
        let advanced = sharedNotes.reduce(0) { $0 + Int(reference.notes[$1.id]!.modified.timeIntervalSince($1.modified)) }
        return (reference.checksum, advanced)
    }

    /// The seconds the shared notes' dates moved on: one per edit applied.
    private static func modificationAdvances(in container: NoteContainer, data: WorkshopData) async throws -> Int {
        let sharedNotes = sharedNotes(data)
        let context = try container.newContext(name: "check")
        let ids = sharedNotes.map(\.id)
        let dates = try await context.perform { (context) throws(NoteStoreError) in
            try ids.map { id throws(NoteStoreError) in try context.existingObject(with: id).modified }
        }
        return zip(sharedNotes, dates).reduce(0) { $0 + Int($1.1.timeIntervalSince($1.0.modified).rounded()) }
    }

    public static func checks(_ measured: EditMeasurements, run: ChildRun, data: WorkshopData) -> [Check] {
        let total = (clients + 1) * editsPerClient
        let rounds = seeds(data).count
        let expected = "the reference model's checksum after each of \(rounds) rounds of edits"
        return [
            .runsToTheEnd(run),
            .of(.checksum, measured.seeds, expected: expected, run: run) { results in
                let references = results.map { reference(round: Int($0.seed), foreignSaves: $0.foreignSaves, data: data) }
                let wrong = zip(results, references).filter { $0.checksum != $1.checksum }
                let described = wrong.map { result, reference in
                    result.notRunYet > 0
                        ? "round \(result.seed): \(result.notRunYet) edits had not run yet when apply(_:to:) returned: "
                            + "perform(schedule:) returns before its closure runs, so the edits were still queued; "
                            + "await perform instead, so that apply returns once its edit is saved"
                        : "round \(result.seed): the database differs from the reference model's: "
                            + "\(reference.advanced - result.advanced) of \(total + result.foreignSaves * sharedNotes(data).count) updates were lost "
                            + "(\(result.foreignSaves) saves of another context came in between jobs, each editing the "
                            + "\(sharedNotes(data).count) notes): an edit that writes what an earlier job read undoes "
                            + "every save that came in between. Read, change and save in one job"
                }
                let complete = results.count == rounds
                return .verify(
                    .checksum, wrong.isEmpty && complete, expected: expected,
                    measured: wrong.isEmpty ? "the reference model's checksum after \(results.count) rounds" : described.joined(separator: "; "),
                    problem: wrong.isEmpty ? "only \(results.count) of \(rounds) rounds ran" : described.joined(separator: "; ")
                )
            },
            .done(measured.promises, run: run),
            .failure(measured.promises, run: run),
        ]
    }
}

extension NoteSnapshot {
    /// The note once `edit` is applied to it.
    fileprivate func after(_ edit: NoteEdit) -> NoteSnapshot {
        var note = self
        note.body = edit.body
        note.modified = edit.applied(toModified: modified)
        return note
    }
}
