internal import Demos
import WorkshopKit
import NoteStore
import Workload
internal import Support

// MARK: - Exercise 15: a background save the view does not show

extension Exercise {
    package static let backgroundSync = Exercise(
        number: 15, slug: "background-sync",
        goal: "make the view context merge a background context's save, so the list shows it without fetching again",
        demo: BackgroundSyncDemo.self,
        files: ["InboxList.swift"],
        hints: [
            """
            The save succeeded: the database holds the new titles. The list still shows the \
            old ones. Where do the values it shows come from, and when were they read?
            """,
            """
            Each context keeps the objects it loaded. A save in another context changes the \
            database, not them; the store's save publishes what it changed, and a context that \
            merges it refreshes the objects it holds, in place, and marks the deleted ones. \
            Fetching again would replace the objects and read every note on every redraw.
            """,
            """
            In init, after taking the view context, turn on `context.automaticallyMergesChanges = true` \
            (Core Data's automaticallyMergesChangesFromParent): every other context's save is \
            then merged on the main queue, and `notes` needs no change.
            """,
        ],
        startingFailure: .check("shown"),
        entryPoint: "BackgroundSyncCheck<InboxList>",
        checkIDs: [.store, .trap, .mainQueue, .shown, .objects, .rowReads, .failure, .waits],
        escapeAdvice: "keep the list on the main actor, reading the view context, and let the view context merge",
        minutes: 15,
        starterShows: """
            a list holds notes of the view context, which does not merge: a background save leaves \
            it showing the old values and a deleted note
            """,
        passesWhen: "every redraw shows what was saved, in the objects held before, for a merge's reads alone",
        teaches: """
            A save in another context changes the database, not the objects the view context \
            holds: turn on `automaticallyMergesChanges` and the view shows it, in the same \
            objects, without fetching every note again.
            """,
        wrongFixes: [
            WrongFix(
                name: "InboxListRefetchingOnRead", kind: .keepsTheMisconception, refusedBy: .objects,
                because: "are new objects"
            ),
            WrongFix(
                name: "InboxListNewViewContext", kind: .keepsTheMisconception, refusedBy: .rowReads,
                because: "by identifier or by a fetch"
            ),
            WrongFix(
                name: "InboxListWaitingForFreshValues", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
                because: "on the main thread"
            ),
            WrongFix(
                name: "InboxListMergingEverything", kind: .skipsTheWork, refusedBy: .shown,
                because: "the note the save deleted was still shown"
            ),
            WrongFix(
                name: "InboxListCopyingFreshValues", kind: .keepsTheMisconception, refusedBy: .objects,
                because: "has unsaved changes"
            ),
            WrongFix(
                name: "InboxListCopyingAndSavingBack", kind: .keepsTheMisconception, refusedBy: .rowReads,
                because: "by identifier or by a fetch"
            ),
            WrongFix(
                name: "InboxListMergingTheFirstSave", kind: .keepsTheMisconception, refusedBy: .shown,
                because: "a later save"
            ),
            WrongFix(
                name: "SkippingUnreadableInboxList", kind: .skipsTheWork, refusedBy: .failure,
                because: "never reached the caller"
            ),
            WrongFix(
                name: "InboxListSleepingForTheMerge", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
                because: "held"
            ),
        ]
    )
}

// MARK: - ListMeasurements

/// What a run of a ``NoteListShowing`` measured.
public struct ListMeasurements: MeasuresPromises {
    /// What one read of `notes` showed, against what it should have.
    struct Read: Codable, Sendable {
        /// Notes shown, and whether they were exactly the ones expected, in order, with
        /// the values expected.
        var shown: Int
        var right: Bool
        /// Edited notes that still showed the values from before the save.
        var stale: Int = 0
        /// Whether the deleted note was still shown.
        var deletedShown = false
    }

    var onMainQueue: Bool?
    var before: Read?
    /// The worse of the two reads after the save.
    var after: Read?
    /// The worse of the two reads after a second save.
    var afterLater: Read?
    /// The most notes shown after a save that are not the very objects shown before it.
    var newObjects: Int?
    /// Whether a context of the notes shown had unsaved changes after a redraw: the list
    /// wrote into the objects it shows.
    var listEdited: Bool?
    /// Note rows read from the database, by identifier or by a fetch, from the save to the
    /// end of the reads.
    var rowsRead: Int?
    public var promises: CallPromises?

    public init() {}
}

// MARK: - BackgroundSyncCheck

/// Exercise 15's check: a list shows ten notes from the view context; a context of the
/// check's own edits three of them, deletes one and saves; two redraws on the main actor
/// must then show the saved values, in the objects held before, for the cost of a merge.
public enum BackgroundSyncCheck<Model: NoteListShowing>: ExerciseChecker {
    public static var exercise: Exercise { .backgroundSync }

    public static func measure(_ record: Recorder<ListMeasurements>) async throws {
        let data = record.data
        let edit = SyncEdit(data)
        record.step("importing the notes")
        let container = try await data.seeded()
        record.step("showing \(edit.shown.count) notes on the main actor")
        let screen = try await Screen<Model>(container: container, showing: edit.shown)
        let (onMainQueue, first) = await screen.firstRead()
        record.record { $0.onMainQueue = onMainQueue }
        // Reading a note of another queue's context on the main actor would trap in the check.
        guard onMainQueue, let first else { return }
        record.record { $0.before = ListMeasurements.Read(first, expected: edit.before, after: nil) }

        // Background saves come again and again: a list that shows the first and not the
        // next goes on showing what the database no longer has.
        for (index, save) in [edit.first, edit.later].enumerated() {
            record.step(
                "saving \(index == 0 ? "an edit" : "a second edit") of \(save.updated.count) shown notes and the deletion "
                    + "of \(index == 0 ? "one" : "another") in a context of the check's own"
            )
            let readsAtSave = try await Self.save(save, in: container)
            record.step("redrawing the list twice on the main actor")
            let (read, new, edited) = await redraw(screen, after: save)
            let rowsRead = container.noteRowsRead + container.noteRowsFetched - readsAtSave
            record.record {
                if index == 0 { $0.after = read } else { $0.afterLater = read }
                $0.newObjects = max($0.newObjects ?? 0, new)
                $0.listEdited = ($0.listEdited ?? false) || edited
                $0.rowsRead = ($0.rowsRead ?? 0) + rowsRead
            }
        }

        record.step("showing a note whose read fails, in a new list")
        let failing = data.unreadIDs(1)[0]
        let list = try await MainActor.run { try Model(container: container) }
        await record.failingReads("show(_:)", of: failing, in: container) { @MainActor in try list.show([failing]) }
    }

    /// Saves `save`'s new values and deletion in a context of the check's own, and returns
    /// the rows the store had read when it saved.
    private static func save(_ save: SyncEdit.Save, in container: NoteContainer) async throws -> Int {
        let writer = try container.newContext(name: "check-writer")
        let (updated, deleted) = (save.updated, save.deleted)
        return try await writer.perform { (writer) throws(NoteStoreError) in
            for (id, values) in updated {
                let note = try writer.existingObject(with: id)
                note.title = values.title
                note.body = values.body
                note.modified = values.modified
            }
            writer.delete(try writer.existingObject(with: deleted))
            let reads = writer.container.noteRowsRead + writer.container.noteRowsFetched
            try writer.save()
            writer.close()
            return reads
        }
    }

    /// Two redraws: the worse of the two, the most notes shown that are not the objects of
    /// the first read, and whether a redraw left unsaved changes.
    private static func redraw(_ screen: Screen<Model>, after save: SyncEdit.Save) async -> (ListMeasurements.Read?, Int, Bool) {
        var worst: ListMeasurements.Read?
        var newObjects = 0
        var edited = false
        for _ in 0..<2 {
            let (snapshots, same, changes) = await screen.read(keeping: Set(save.after.map(\.id)))
            edited = edited || changes
            let read = ListMeasurements.Read(snapshots, expected: save.after, after: save)
            if worst == nil || (worst!.right && !read.right) { worst = read }
            newObjects = max(newObjects, save.after.count - same)
        }
        return (worst, newObjects, edited)
    }

    public static func checks(_ measured: ListMeasurements, run: ChildRun, data: WorkshopData) -> [Check] {
        let edit = SyncEdit(data)
        let shown = edit.shown.count, kept = edit.first.after.count, edited = edit.first.updated.count
        let queueExpected = "the notes shown belong to a context on the main queue: the view context"
        let shownExpected = "the \(shown) notes as saved before, then, on every redraw after each of two saves, the "
            + "edited notes' new values and the deleted note gone"
        let objectsExpected = "after each save, the notes still shown are the objects shown before, with no unsaved change"
        let updated = edited + edit.later.updated.count
        let readsExpected = "at most \(updated) notes read again: the ones the two saves changed"
        return [
            .runsToTheEnd(run),
            .of(.mainQueue, measured.onMainQueue, expected: queueExpected, run: run) { onMain in
                .verify(
                    .mainQueue, onMain, expected: queueExpected,
                    measured: onMain ? "on the main queue" : "on another queue",
                    problem: "the list holds notes of a context on another queue: the interface reads on the main "
                        + "actor, so it must read the view context (container.viewContext), whose queue is the main queue"
                )
            },
            .of(.shown, measured.after, expected: shownExpected, run: run) { after in
                let before = measured.before
                let later = measured.afterLater
                let holds = before?.right == true && after.right && later?.right == true
                var problems: [String] = []
                if let before, !before.right {
                    problems.append("before the save, the list showed \(before.shown) notes, not the \(shown) it was given")
                }
                if after.stale > 0 {
                    problems.append("after the background save, \(after.stale) of the \(edited) edited notes still showed "
                        + "the values they had before it")
                }
                if after.deletedShown {
                    problems.append("the note the save deleted was still shown: only a merge of what the save published "
                        + "marks it deleted")
                }
                if let later, after.right, !later.right {
                    problems.append("after a second background save (a later save), the list showed "
                        + (later.stale > 0 || later.deletedShown
                            ? "\(later.stale) of its \(edit.later.updated.count) edited notes with their old values"
                                + (later.deletedShown ? " and the note it deleted" : "")
                            : "\(later.shown) notes, not the reference's \(edit.later.after.count)")
                        + ": the list must show every save, not only the first")
                }
                if problems.isEmpty { problems.append("after the save, the list showed \(after.shown) notes, not the reference's \(kept)") }
                return .verify(
                    .shown, holds, expected: shownExpected,
                    measured: holds ? "the saved values, before and after" : problems.joined(separator: "; "),
                    problem: problems.joined(separator: "; ") + ". A save in another context changes the database, not "
                        + "the objects the view context already holds: they show what they read until the view context "
                        + "merges the save"
                )
            },
            .of(.objects, measured.newObjects, expected: objectsExpected, run: run) { new in
                let edited = measured.listEdited ?? false
                return .verify(
                    .objects, new == 0 && !edited, expected: objectsExpected,
                    measured: "\(new) new objects" + (edited ? ", with unsaved changes" : ""),
                    problem: new > 0
                        ? "after a save, \(new) of the notes still shown are new objects: the list "
                            + "fetched them again, or a new context did. A merge refreshes the objects the interface "
                            + "holds, in place, and a SwiftUI list keeps its rows"
                        : "after a redraw, the context of the notes shown has unsaved changes: the list wrote values into "
                            + "the objects it shows, as if the user had edited them, and the next save writes them back. A "
                            + "merge refreshes the objects with the saved values, and leaves nothing to save"
                )
            },
            .of(.rowReads, measured.rowsRead, expected: readsExpected, run: run) { reads in
                .verify(
                    .rowReads, reads <= updated, expected: readsExpected,
                    measured: "\(reads) \(reads == 1 ? "note" : "notes") read again",
                    problem: "\(reads) notes were read again from the database, by identifier or by a fetch, for two "
                        + "saves that changed \(updated) of the notes shown: reading the notes again on every redraw costs "
                        + "a fetch per screen per save; a merge reads only the notes the save updated"
                )
            },
            .failure(measured.promises, run: run),
        ]
    }
}

// MARK: - The check's edit

/// What the check shows and what its background save changes, from the run's seed: ten
/// notes shown, three of them edited with values of the run's own, one deleted.
struct SyncEdit {
    /// One background save: the notes it edits and the one it deletes, and what the list
    /// shows before and after it.
    struct Save {
        let updated: [(NoteID, NoteSnapshot)]
        let deleted: NoteID
        let before: [NoteSnapshot]
        let after: [NoteSnapshot]
    }

    let shown: [NoteID]
    /// What the list shows before any save.
    let before: [NoteSnapshot]
    /// Three notes edited and one deleted; then two others edited and another deleted.
    let first: Save
    let later: Save

    init(_ data: WorkshopData) {
        var distinct: [NoteID] = []
        for id in data.readIDs where !distinct.contains(id) && distinct.count < 10 { distinct.append(id) }
        var random = SplitMix64(seed: data.seed ^ 0x15)
        var positions = Array(distinct.indices)
        positions.shuffle(using: &random)
        func edited(_ positions: ArraySlice<Int>) -> [(NoteID, NoteSnapshot)] {
            positions.sorted().map { position in
                var note = data.note(distinct[position])
                let token = String(random.next(), radix: 36)
                note.title = "Edited in the background \(token)"
                note.body = "Saved by another context \(String(random.next(), radix: 36))"
                note.modified = note.modified.addingTimeInterval(Double(random.next(in: 60...86_400)))
                return (note.id, note)
            }
        }
        func saving(_ updated: [(NoteID, NoteSnapshot)], deleting deleted: NoteID, over before: [NoteSnapshot]) -> Save {
            let edits = Dictionary(uniqueKeysWithValues: updated)
            let after = before.filter { $0.id != deleted }.map { edits[$0.id] ?? $0 }
            return Save(updated: updated, deleted: deleted, before: before, after: after)
        }
        let deleted = distinct[positions[0]]
        let updated = edited(positions[1...3])
        let laterDeleted = distinct[positions[4]]
        let laterUpdated = edited(positions[5...6])
        shown = distinct
        before = distinct.map(data.note)
        first = saving(updated, deleting: deleted, over: before)
        later = saving(laterUpdated, deleting: laterDeleted, over: first.after)
    }
}

extension ListMeasurements.Read {
    /// A read of `snapshots` that should show `expected`, after `save` (nil: before any).
    init(_ snapshots: [NoteSnapshot], expected: [NoteSnapshot], after save: SyncEdit.Save?) {
        shown = snapshots.count
        right = snapshots == expected
        let byID = Dictionary(snapshots.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        stale = save.map { save in
            save.updated.filter { id, _ in byID[id].map { $0 == save.before.first { $0.id == id } } ?? false }.count
        } ?? 0
        deletedShown = save.map { byID[$0.deleted] != nil } ?? false
    }
}

// MARK: - The screen

/// The list as a SwiftUI view holds it: made, shown and redrawn on the main actor. It keeps
/// the objects of the first read, so that a later read can tell the same objects from new
/// ones.
@MainActor
private final class Screen<Model: NoteListShowing> {
    let model: Model
    private var firstObjects: [NoteID: Note] = [:]

    init(container: NoteContainer, showing ids: [NoteID]) throws {
        model = try Model(container: container)
        try model.show(ids)
    }

    /// Whether every note shown belongs to a main-queue context, and, if so, their values.
    func firstRead() -> (onMainQueue: Bool, [NoteSnapshot]?) {
        let notes = model.notes
        guard notes.allSatisfy({ $0.context.queue.isMain }) else { return (false, nil) }
        firstObjects = Dictionary(notes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return (true, notes.map(\.snapshot))
    }

    /// One redraw: the values shown, how many of the notes in `kept` are the objects of the
    /// first read, and whether their contexts hold unsaved changes.
    func read(keeping kept: Set<NoteID>) -> ([NoteSnapshot], sameObjects: Int, edited: Bool) {
        let notes = model.notes
        let same = notes.filter { note in kept.contains(note.id) && firstObjects[note.id] === note }.count
        let edited = notes.contains { $0.context.hasChanges }
        return (notes.map(\.snapshot), same, edited)
    }
}
