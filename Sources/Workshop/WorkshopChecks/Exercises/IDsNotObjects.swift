internal import Demos
import WorkshopKit
import NoteStore

// MARK: - Exercise 7: identifiers, not objects

extension Exercise {
    package static let idsNotObjects = Exercise(
        number: 7, slug: "ids-not-objects",
        goal: "look the identifier up in the actor's own context, with the lookup that handles a deleted row",
        demo: IDLookupsDemo.self,
        files: ["Sidebar.swift"],
        hints: [
            """
            Read the compiler's error: perform only returns Sendable values, and a Note is not \
            one. It belongs to the editor's queue and must not leave it.
            """,
            """
            The sidebar has a context of its own, on its own queue, and it received a NoteID, \
            which any context can turn into its own object. Of the three lookups, \
            registeredObject(for:) only knows objects this context already holds, and \
            object(with:) hands out a fault that stops the process when its row is gone.
            """,
            """
            Drop the editor context. In item(for:), `return try context.existingObject(with: id).snapshot`, \
            and catch NoteStoreError.notFound, and only it, to return nil: existingObject(with:) \
            throws notFound when the row was deleted, and other errors when the read fails.
            """,
        ],
        startingFailure: .compileError(containing: "type 'Note' does not conform to the 'Sendable' protocol"),
        entryPoint: "IDsNotObjectsCheck<Sidebar>", checkIDs: [.store, .trap, .saved, .deleted, .failure, .races, .waits],
        minutes: 15,
        starterShows: "a `Note` is taken from another context's `perform`: it does not compile",
        passesWhen: "a saved note's values come back, a deleted one's is nil, a failed read's error is thrown",
        teaches: """
            Pass a `NoteID`, not a `Note`, and look it up with the lookup that handles a deleted \
            row: `existingObject(with:)`.
            """,
        wrongFixes: [
            WrongFix(
                name: "SwallowingSidebar", kind: .skipsTheWork, refusedBy: .failure,
                because: "try? turns every failure into nil"
            ),
            WrongFix(
                name: "RememberingSidebar", kind: .keepsTheMisconception, refusedBy: .saved,
                because: "a later save"
            ),
            WrongFix(
                name: "PollingSidebar", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
                because: "held"
            ),
            WrongFix(
                name: "AddressPassingSidebar", kind: .removesTheIsolation, refusedBy: .source,
                because: "an unsafe pointer"
            ),
        ]
    )
}

// MARK: - SidebarMeasurements

/// What a run of a ``SidebarSource`` measured.
public struct SidebarMeasurements: Measurements {
    /// What `item(for:)` returned, compared with the reference model's note.
    enum Item: String, Codable, Sendable {
        case none = "nil"
        case reference = "its values"
        case other = "other values"

        init(_ item: NoteSnapshot?, reference: NoteSnapshot) {
            self = item == nil ? .none : item == reference ? .reference : .other
        }
    }

    var savedItem: Item?
    /// What `item(for:)` returned for the same note after another context saved new values.
    var savedLaterItem: Item?
    var deletedItem: Item?
    /// What `item(for:)` did for a note whose read fails with a disk error: "threw",
    /// "nil" or "values".
    var failedRead: String?

    public init() {}
}

// MARK: - IDsNotObjectsCheck

/// Exercise 7's check: nothing traps, a saved note's values come back, a deleted one's is nil.
public enum IDsNotObjectsCheck<Sidebar: SidebarSource>: ExerciseChecker {
    public static var exercise: Exercise { .idsNotObjects }

    /// Three different notes of the run: one kept, one deleted, one whose read fails.
    static func notes(_ data: WorkshopData) -> (saved: NoteID, deleted: NoteID, failing: NoteID) {
        var distinct: [NoteID] = []
        for id in data.readIDs where !distinct.contains(id) { distinct.append(id) }
        return (distinct[0], distinct[1], distinct[2])
    }

    public static func measure(_ record: Recorder<SidebarMeasurements>) async throws {
        let data = record.data
        let (saved, deleted, failing) = notes(data)
        record.step("importing the notes")
        let container = try await data.seeded()
        record.step("deleting \(deleted) in another context")
        let eraser = try container.newContext(name: "eraser")
        try await eraser.perform { (eraser) throws(NoteStoreError) in
            eraser.delete(try eraser.existingObject(with: deleted))
            try eraser.save()
        }
        let sidebar = try Sidebar(container: container)
        record.step("asking for the item of \(saved), which is saved")
        let savedItem = try await sidebar.item(for: saved)
        record.record { $0.savedItem = .init(savedItem, reference: data.note(saved)) }
        record.step("asking for the item of \(saved) again, after another context saved new values")
        let later = data.editedLater(data.note(saved))
        try await data.saveLater([later], in: container)
        let savedLaterItem = try await sidebar.item(for: saved)
        record.record { $0.savedLaterItem = .init(savedLaterItem, reference: later) }
        record.step("asking for the item of \(deleted), which was deleted")
        let deletedItem = try await sidebar.item(for: deleted)
        record.record { $0.deletedItem = .init(deletedItem, reference: data.note(deleted)) }
        record.step("asking for the item of \(failing), whose read fails with a disk error")
        container.failReads(of: failing, with: .sqlite(code: 10, message: "disk I/O error"))
        let failed: String
        do {
            failed = try await sidebar.item(for: failing) == nil ? "nil" : "values"
        } catch {
            failed = "threw"
        }
        record.record { $0.failedRead = failed }
    }

    public static func checks(_ measured: SidebarMeasurements, run: ChildRun, data: WorkshopData) -> [Check] {
        let (saved, deleted, failing) = notes(data)
        let failureExpected = "the disk error of \(failing) thrown, not turned into nil"
        let savedExpected = "the values of \(saved), as the reference model has them, before and after another context saves it"
        let deletedExpected = "nil for \(deleted), which another context deleted"
        return [
            .runsToTheEnd(run),
            .of(.saved, measured.savedItem, expected: savedExpected, run: run) { item in
                let later = measured.savedLaterItem
                return .verify(
                    .saved, item == .reference && later == .reference, expected: savedExpected,
                    measured: "\(item.rawValue); after a later save, \(later?.rawValue ?? "not asked")",
                    problem: item == .none
                        ? "nil for \(saved), which is saved: a lookup that answers only from the objects this "
                            + "context already holds, registeredObject(for:), misses every note it has not loaded"
                        : item == .other
                        ? "the item of \(saved) differs from the reference model's note"
                        : "after another context saved new values for \(saved), item(for:) answered "
                            + "\(later?.rawValue ?? "nothing"), not the new values (a later save): a value kept from an "
                            + "earlier read is stale as soon as another context saves. Look the note up in the job "
                            + "that reads it"
                )
            },
            .of(.deleted, measured.deletedItem, expected: deletedExpected, run: run) { item in
                .verify(
                    .deleted, item == .none, expected: deletedExpected, measured: item.rawValue,
                    problem: "an item for \(deleted), which was deleted: the lookup did not go to the database"
                )
            },
            .of(.failure, measured.failedRead, expected: failureExpected, run: run) { outcome in
                .verify(
                    .failure, outcome == "threw", expected: failureExpected,
                    measured: outcome == "threw" ? "thrown" : "returned \(outcome)",
                    problem: outcome == "nil"
                        ? "nil for \(failing), whose read failed with a disk error: the note exists, and the sidebar "
                            + "now says it was deleted. try? turns every failure into nil: catch only "
                            + "NoteStoreError.notFound, and let other errors be thrown"
                        : "values for \(failing), whose read failed: they did not come from the database"
                )
            },
        ]
    }
}
