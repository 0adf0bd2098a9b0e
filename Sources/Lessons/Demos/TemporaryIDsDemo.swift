// Lesson 17: an inserted note's identifier is temporary until the first save; another
// context cannot find it. obtainPermanentIDs(for:) gives the permanent one early.

import NoteStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - TemporaryIDsDemo

package struct TemporaryIDsDemo: Demo {
    package struct Outcome: Codable, Sendable, Equatable {
        /// The failure: a note inserted without an identifier, looked up by another context.
        package var temporaryBeforeSave: Bool
        package var lookupBeforeSave: String
        /// After the save: the note's identifier, whether it is permanent, and what the
        /// other context finds by it and by the old temporary one.
        package var permanentAfterSave: Bool
        package var lookupAfterSave: String
        package var lookupByOldTemporary: String
        /// The fix: obtainPermanentIDs(for:) before handing the identifier over.
        package var obtainedPermanent: Bool
        package var saveKeptObtained: Bool
        package var lookupObtainedBeforeSave: String
        package var lookupObtainedAfterSave: String
    }

    package static let name = "temporary-ids"
    package static let lesson = 17
    package static let summary = "an inserted note's ID is temporary until saved; another context cannot find it"
    package static let source = Article.beyondTheArticles
    package static let chapter = "Docs/LabGuide.docc/TemporaryIDs.md"
    package static let whatItDoes = """
        A writer context inserts a note without an identifier and hands its NoteID to a \
        reader context before saving; then saves and hands it over again. Then it inserts \
        a second note, calls obtainPermanentIDs(for:) before handing the identifier over, \
        and saves.
        """
    package static let why = """
        An object inserted into a context has no row yet, so its identifier is temporary \
        (NSManagedObjectID.isTemporaryID): only the inserting context knows it, and the save \
        replaces it with the row's permanent one. A temporary identifier sent to another \
        context finds nothing, before the save or after. obtainPermanentIDs(for:) assigns the \
        permanent identifier at once; it stays the note's through the save, and finds the \
        note in every context once the note is saved.
        """

    package init() {}

    package func run(in environment: DemoEnvironment) async throws -> Outcome {
        let container = try await DemoStore.seeded(notes: 1, debug: true)
        let writer = try container.newContext(name: "writer")
        let reader = try container.newContext(name: "reader")
        let created = Date(timeIntervalSince1970: 1_700_000_000)
        func lookUp(_ id: NoteID) -> String {
            reader.performAndWait {
                do throws(NoteStoreError) {
                    return "found \"\(try reader.existingObject(with: id).title)\""
                } catch {
                    return "\(Self.caseName(of: error)): \(error)"
                }
            }
        }

        // The failure: hand over the temporary identifier.
        let draft = try writer.performAndWait { () throws(NoteStoreError) in
            writer.insertNote(title: "Draft", body: "", folder: try writer.existingFolder(with: FolderID(1)), created: created)
        }
        let temporary = writer.performAndWait { draft.id }
        let lookupBeforeSave = lookUp(temporary)
        let saved = try writer.performAndWait { () throws(NoteStoreError) in
            try writer.save()
            return draft.id
        }

        // The fix: a permanent identifier before the save.
        let second = try writer.performAndWait { () throws(NoteStoreError) in
            writer.insertNote(title: "Second draft", body: "", folder: try writer.existingFolder(with: FolderID(1)), created: created)
        }
        let obtained = writer.performAndWait {
            writer.obtainPermanentIDs(for: [second])
            return second.id
        }
        let lookupByObtainedBeforeSave = lookUp(obtained)
        let afterSave = try writer.performAndWait { () throws(NoteStoreError) in
            try writer.save()
            return second.id
        }
        return Outcome(
            temporaryBeforeSave: temporary.isTemporaryID,
            lookupBeforeSave: lookupBeforeSave,
            permanentAfterSave: !saved.isTemporaryID,
            lookupAfterSave: lookUp(saved),
            lookupByOldTemporary: lookUp(temporary),
            obtainedPermanent: !obtained.isTemporaryID,
            saveKeptObtained: afterSave == obtained,
            lookupObtainedBeforeSave: lookupByObtainedBeforeSave,
            lookupObtainedAfterSave: lookUp(obtained)
        )
    }

    /// The error's case, as the store names it: `temporaryID`, `notFound`.
    static func caseName(of error: NoteStoreError) -> String {
        Mirror(reflecting: error).children.first?.label ?? "\(error)"
    }

    package static func whatHappened(_ outcome: Outcome) -> [String] {
        [
            "The inserted note's identifier was \(outcome.temporaryBeforeSave ? "temporary" : "permanent"); "
                + "the reader, before the save: \(outcome.lookupBeforeSave).",
            "After the save the note's identifier is \(outcome.permanentAfterSave ? "permanent" : "temporary"): "
                + "the reader \(outcome.lookupAfterSave) by it; by the old temporary one: \(outcome.lookupByOldTemporary).",
            "With obtainPermanentIDs(for:) the second note's identifier was "
                + "\(outcome.obtainedPermanent ? "permanent" : "temporary") before the save, and the save "
                + "\(outcome.saveKeptObtained ? "kept" : "changed") it.",
            "The reader by that identifier, before the save: \(outcome.lookupObtainedBeforeSave); "
                + "after: \(outcome.lookupObtainedAfterSave).",
        ]
    }
}
