internal import Demos
import WorkshopKit
import Foundation
import NoteStore
import Workload

// MARK: - Exercise 17: a temporary identifier handed to another context

extension Exercise {
    package static let temporaryIDs = Exercise(
        number: 17, slug: "temporary-ids",
        goal: "hand out a note's permanent identifier, so that another context finds the note once it is saved",
        demo: TemporaryIDsDemo.self,
        files: ["DraftDesk.swift"],
        hints: [
            """
            The reader's error names the identifier it was given. Print one that add(_:) \
            returns: is it the identifier the note has after the save?
            """,
            """
            A note inserted without an identifier gets a temporary one that only the writer's \
            context knows (isTemporaryID). The save gives it its permanent one, but the \
            identifier add(_:) handed out before is still the temporary one, and it finds \
            nothing elsewhere, before the save or after it.
            """,
            """
            In DraftWriter.add(_:), call `context.obtainPermanentIDs(for: [note])` before \
            returning `note.id`: the note gets its permanent identifier now, and the save \
            keeps it. Leave the reader alone: its lookup is right.
            """,
        ],
        startingFailure: .check("opened"),
        entryPoint: "TemporaryIDsCheck<DraftDesk>",
        checkIDs: [.store, .trap, .opened, .ids, .saved, .done, .failure, .races, .waits],
        escapeAdvice: "keep the writer and the reader on their own contexts, and pass them permanent identifiers",
        minutes: 10,
        starterShows: """
            `add(_:)` hands out a new note's identifier before the save: the reader's lookup \
            throws `temporaryID`
            """,
        passesWhen: "permanent identifiers; the reader and the check's own context find every note added",
        teaches: """
            A note's identifier is temporary until the save, and only its context knows it: save \
            first, or `obtainPermanentIDs(for:)`, before handing it to another context.
            """,
        wrongFixes: [
            WrongFix(
                name: "DraftDeskNilOnTemporaryID", kind: .skipsTheWork, refusedBy: .opened,
                because: "Turning the reader's error into nil hides it"
            ),
            WrongFix(
                name: "DraftDeskSavingTheReader", kind: .keepsTheMisconception, refusedBy: .opened,
                because: "has a temporary identifier"
            ),
            WrongFix(
                name: "DraftDeskTranslatingIDs", kind: .keepsTheMisconception, refusedBy: .saved,
                because: "none was saved under those identifiers"
            ),
            WrongFix(
                name: "DraftDeskOptionalSave", kind: .skipsTheWork, refusedBy: .failure,
                because: "never reached the caller"
            ),
            WrongFix(
                name: "DraftDeskRememberingReader", kind: .keepsTheMisconception, refusedBy: .opened,
                because: "a later save"
            ),
            WrongFix(
                name: "DraftDeskDeferredSave", kind: .skipsTheWork, refusedBy: .done,
                because: "returned before its work was done"
            ),
        ]
    )
}

// MARK: - DeskMeasurements

/// What a run of a ``NoteDesk`` measured.
public struct DeskMeasurements: MeasuresPromises {
    /// What `open(_:)` did for the added notes: found with their values, nil, other values,
    /// or threw (the first error's message).
    var openedRight: Int?
    var openedNil: Int?
    var openedOther: Int?
    /// Found with the draft's values, under another identifier than the one handed out.
    var openedElsewhere: Int?
    var openedThrew: Int?
    var firstError: String?
    /// Whether `open(_:)` found the new values of an added note that another context saved
    /// after it was opened.
    var openedLaterRight: Bool?
    /// What `open(_:)` did for a note another context deleted: "nil", "values" or "threw".
    var deletedOpened: String?
    /// Identifiers `add(_:)` returned that are temporary, or the same as another's.
    var temporaryIDs: Int?
    var duplicateIDs: Int?
    /// Added notes the check found in the database, by the identifiers `add(_:)` returned,
    /// with their values; and the notes the database holds.
    var foundInDatabase: Int?
    var notesInDatabase: Int?
    public var promises: CallPromises?

    public init() {}
}

// MARK: - TemporaryIDsCheck

/// Exercise 17's check: notes added, saved, then opened by the identifiers `add(_:)`
/// returned, by the learner's reader and by a context of the check's own.
public enum TemporaryIDsCheck<Desk: NoteDesk>: ExerciseChecker {
    public static var exercise: Exercise { .temporaryIDs }

    static var added: Int { 5 }

    /// The run's drafts (twice ``added``: the second half is saved while its saves fail),
    /// with values of its own, and a note of the plan to delete.
    static func drafts(_ data: WorkshopData) -> (drafts: [NoteDraft], deleted: NoteID) {
        var random = SplitMix64(seed: data.seed ^ 0x17)
        let drafts = (0..<added * 2).map { index in
            let model = data.notes[Int(random.next(in: 0...Int64(data.notes.count - 1)))]
            return NoteDraft(
                folder: model.folder, title: "Draft \(index + 1) \(String(random.next(), radix: 36))",
                body: "Written in the writer's context \(String(random.next(), radix: 36))",
                created: model.created.addingTimeInterval(Double(random.next(in: 1...86_400)))
            )
        }
        return (drafts, data.readIDs[0])
    }

    public static func measure(_ record: Recorder<DeskMeasurements>) async throws {
        let data = record.data
        let (allDrafts, deleted) = drafts(data)
        record.step("importing the notes, and deleting \(deleted) in a context of the check's own")
        let container = try await data.seeded()
        let check = try container.newContext(name: "check")
        try await check.perform { (check) throws(NoteStoreError) in
            check.delete(try check.existingObject(with: deleted))
            try check.save()
        }
        let desk = try Desk(container: container)
        // The second half is added and saved last, while its saves fail.
        let (drafts, failingDrafts) = (Array(allDrafts.prefix(added)), Array(allDrafts.suffix(added)))
        record.step("adding \(drafts.count) notes")
        var ids: [NoteID] = []
        for draft in drafts { ids.append(try await desk.add(draft)) }
        record.record {
            $0.temporaryIDs = ids.filter(\.isTemporaryID).count
            $0.duplicateIDs = ids.count - Set(ids).count
        }
        record.step("saving them")
        let witness = await DatabaseWitness.opened(container)
        try await record.done("saveAll()", savesTitles: drafts.map(\.title), seenBy: witness) { try await desk.saveAll() }

        record.step("opening each added note by the identifier add(_:) returned")
        var outcome = (right: 0, none: 0, other: 0, elsewhere: 0, threw: 0, error: String?.none)
        for (id, draft) in zip(ids, drafts) {
            do {
                switch try await desk.open(id) {
                case nil: outcome.none += 1
                case let snapshot? where snapshot.isAdded(from: draft, id: id): outcome.right += 1
                case let snapshot? where snapshot.isAdded(from: draft, id: snapshot.id): outcome.elsewhere += 1
                case _?: outcome.other += 1
                }
            } catch {
                outcome.threw += 1
                outcome.error = outcome.error ?? "\(error)"
            }
        }
        record.record {
            $0.openedRight = outcome.right
            $0.openedNil = outcome.none
            $0.openedOther = outcome.other
            $0.openedElsewhere = outcome.elsewhere
            $0.openedThrew = outcome.threw
            $0.firstError = outcome.error
        }
        record.step("opening \(deleted), which was deleted")
        let deletedOpened: String
        do {
            deletedOpened = try await desk.open(deleted) == nil ? "nil" : "values"
        } catch {
            deletedOpened = "threw"
        }
        record.record { $0.deletedOpened = deletedOpened }

        record.step("looking the added notes up in a context of the check's own")
        let found = try await check.perform { [ids] (check) throws(NoteStoreError) in
            let found = zip(ids, drafts).filter { id, draft in
                (try? check.existingObject(with: id)).map { $0.snapshot.isAdded(from: draft, id: id) } ?? false
            }.count
            return (found, try check.fetchCount())
        }
        record.record {
            $0.foundInDatabase = found.0
            $0.notesInDatabase = found.1
        }

        record.step("opening \(ids[0]) again, after another context saved new values for it")
        let draft = drafts[0]
        let later = data.editedLater(NoteSnapshot(
            id: ids[0], folder: draft.folder, title: draft.title, body: draft.body, created: draft.created, modified: draft.created
        ))
        // Only a note the check's own context found can be saved again: a temporary
        // identifier, which `ids` already fails, finds nothing.
        if found.0 == drafts.count {
            try await data.saveLater([later], in: container)
            let openedLater = try? await desk.open(ids[0])
            record.record { $0.openedLaterRight = openedLater.map { $0.title == later.title && $0.body == later.body } ?? false }
        }

        record.step("adding \(failingDrafts.count) more notes, and saving them while a save of them fails")
        for draft in failingDrafts { _ = try await desk.add(draft) }
        let failingTitle = failingDrafts[Int(data.seed % UInt64(failingDrafts.count))].title
        await record.failingSaves(
            "saveAll()", savesTitles: failingDrafts.map(\.title), failing: { $0.title == failingTitle },
            in: container, seenBy: witness
        ) {
            try await desk.saveAll()
        }
    }

    public static func checks(_ measured: DeskMeasurements, run: ChildRun, data: WorkshopData) -> [Check] {
        let deleted = drafts(data).deleted
        let openedExpected = "open(_:) finds each of the \(added) notes added, by the identifier add(_:) returned, "
            + "with the values another context saved later, and nil for \(deleted), which was deleted"
        let idsExpected = "\(added) permanent, distinct identifiers from add(_:)"
        let savedExpected = "the \(added) notes in the database under those identifiers, beside the "
            + "\(data.notes.count - 1) imported notes that were not deleted"
        return [
            .runsToTheEnd(run),
            .of(.opened, measured.openedRight, expected: openedExpected, run: run) { right in
                let threw = measured.openedThrew ?? 0, none = measured.openedNil ?? 0, other = measured.openedOther ?? 0
                let elsewhere = measured.openedElsewhere ?? 0
                var problems: [String] = []
                if threw > 0 {
                    problems.append("open(_:) threw for \(threw) of the \(added) notes added and saved: "
                        + (measured.firstError ?? "an error") + ". The identifier add(_:) returned is the one the note "
                        + "had before the save, which only the writer's context ever knew")
                }
                if none > 0 {
                    problems.append("nil for \(none) of the \(added) notes added and saved: the notes exist, and the "
                        + "list now says they were deleted. Turning the reader's error into nil hides it: the "
                        + "identifier it was given is what is wrong")
                }
                if elsewhere > 0 {
                    problems.append("open(_:) found \(elsewhere) of the notes added under another identifier than the one "
                        + "add(_:) returned: the rest of the app holds the identifier add(_:) returned, and must find "
                        + "the note by it")
                }
                if other > 0 { problems.append("other values for \(other) of the notes added: not the ones added") }
                if measured.openedLaterRight == false {
                    problems.append("after another context saved new values for one of the notes added, "
                        + "open(_:) did not return them (a later save): a value kept from an earlier open is stale as soon "
                        + "as another context saves. Open the note in the job that reads it")
                }
                if measured.deletedOpened != "nil" {
                    problems.append("\(measured.deletedOpened ?? "nothing") for \(deleted), which was deleted: nil expected")
                }
                return .verify(
                    .opened, problems.isEmpty, expected: openedExpected,
                    measured: "\(right) of \(added) found, \(none) nil, \(threw) threw"
                        + (elsewhere > 0 ? ", \(elsewhere) under another identifier" : "")
                        + (measured.openedLaterRight == false ? "; the old values after a later save" : "")
                        + "; \(measured.deletedOpened ?? "nothing") for the deleted note",
                    problem: problems.joined(separator: "; ")
                )
            },
            .of(.ids, measured.temporaryIDs, expected: idsExpected, run: run) { temporary in
                let duplicates = measured.duplicateIDs ?? 0
                return .verify(
                    .ids, temporary == 0 && duplicates == 0, expected: idsExpected,
                    measured: "\(temporary) temporary, \(duplicates) repeated",
                    problem: temporary > 0
                        ? "add(_:) returned \(temporary) temporary identifiers (isTemporaryID): only the context that "
                            + "inserted the notes knows them, and no other context finds them, before the save or "
                            + "after it. Hand out the permanent identifier: save first, or obtainPermanentIDs(for:)"
                        : "add(_:) returned the same identifier for \(duplicates + 1) notes"
                )
            },
            .of(.saved, measured.foundInDatabase, expected: savedExpected, run: run) { found in
                let notes = measured.notesInDatabase ?? 0
                let expectedNotes = data.notes.count - 1 + added
                return .verify(
                    .saved, found == added && notes == expectedNotes, expected: savedExpected,
                    measured: "\(found) of \(added) found by their identifiers, \(notes) notes in all",
                    problem: found < added
                        ? "the check found \(found) of the \(added) notes added in the database by the identifiers "
                            + "add(_:) returned: \(found == 0 ? "none was" : "the others were") saved under those identifiers"
                        : "the database holds \(notes) notes, not \(expectedNotes): notes were added or lost"
                )
            },
            .done(measured.promises, run: run),
            .failure(measured.promises, run: run),
        ]
    }
}

extension NoteSnapshot {
    /// Whether this is the note added from `draft`, under `id`.
    fileprivate func isAdded(from draft: NoteDraft, id: NoteID) -> Bool {
        self.id == id && folder == draft.folder && title == draft.title && body == draft.body && created == draft.created
    }
}
