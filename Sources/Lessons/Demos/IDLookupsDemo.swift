// Lesson 7: pass identifiers, not objects, and know what each of the three lookups does.
// Sources: "SwiftData 中的并发编程", Fatbobman (002); "ActorでCoreDataをスレッドから解放しよう",
// Himeshi (004).

import NoteStore

// MARK: - IDLookupsDemo

package struct IDLookupsDemo: Demo {
    package struct Outcome: Codable, Sendable, Equatable {
        /// What `existingObject(with:)` threw for the deleted note.
        package var existingObjectError: String
        /// Whether `registeredObject(for:)` returned nil for it.
        package var registeredObjectIsNil: Bool
        /// Whether `object(with:)` returned a fault for it, without complaint.
        package var objectWithReturnedFault: Bool
        /// What `fulfillFault()` threw when asked to load that fault.
        package var fulfillFaultError: String
        /// Reading the fault's title instead, in a child process.
        package var firstAccess: CrashReport
    }

    package static let name = "id-lookups"
    package static let lesson = 7
    package static let summary = "the three lookups of an identifier whose row was deleted, side by side"
    package static let source = Article.swiftDataConcurrency + "; " + Article.actorsFreeCoreData
    package static let chapter = "Docs/LabGuide.docc/IDsNotObjects.md"
    package static let whatItDoes = """
        Saves a note, keeps only its NoteID, deletes the note from a second context, then \
        looks the identifier up in a third context with each of the three lookups: \
        existingObject(with:), registeredObject(for:) and object(with:).
        """
    package static let why = """
        A NoteID, like NSManagedObjectID or PersistentIdentifier, is a Sendable value any \
        context can turn back into its own object; the object itself belongs to one \
        context's queue. The lookups differ in what they promise. existingObject(with:) \
        returns a real object or throws. registeredObject(for:) answers only from what the \
        context already holds, so it returns nil. object(with:) always returns, possibly a \
        fault, a promise to load the row later; when the row is gone, the first property \
        read stops the process, far from the lookup that caused it.
        """

    package static let crashSites = [
        CrashSite("id-lookups.fault-of-deleted-row") {
            let (container, id) = try await deletedNote()
            let context = try container.newContext(name: "reader")
            _ = context.performAndWait { context.object(with: id).title }  // the row is gone: trap
        },
    ]

    package init() {}

    package func run(in environment: DemoEnvironment) async throws -> Outcome {
        let (container, id) = try await Self.deletedNote()
        let reader = try container.newContext(name: "reader")
        let lookups = await reader.perform { reader in
            // snippet: lookups
            let existing = Result { () throws(NoteStoreError) in try reader.existingObject(with: id) }
            let registered = reader.registeredObject(for: id)
            let fault = reader.object(with: id)
            let fulfilled = Result { () throws(NoteStoreError) in try fault.fulfillFault() }
            // snippet: end
            return (
                existing: Self.error(of: existing), registeredIsNil: registered == nil,
                isFault: fault.isFault, fulfilled: Self.error(of: fulfilled)
            )
        }
        return Outcome(
            existingObjectError: lookups.existing, registeredObjectIsNil: lookups.registeredIsNil,
            objectWithReturnedFault: lookups.isFault, fulfillFaultError: lookups.fulfilled,
            firstAccess: try await environment.crash(Self.crashSites[0])
        )
    }

    /// A saved note deleted by another context: the container and the note's identifier.
    static func deletedNote() async throws -> (NoteContainer, NoteID) {
        let container = try await DemoStore.seeded(notes: 1, debug: true)
        let id = NoteID(1)
        let eraser = try container.newContext(name: "eraser")
        try await eraser.perform { (eraser) throws(NoteStoreError) in
            eraser.delete(try eraser.existingObject(with: id))
            try eraser.save()
        }
        return (container, id)
    }

    private static func error<T>(of result: Result<T, NoteStoreError>) -> String {
        if case .failure(let error) = result { "\(error)" } else { "(nothing thrown)" }
    }

    package static func whatHappened(_ outcome: Outcome) -> [String] {
        [
            "existingObject(with:) threw: \(outcome.existingObjectError).",
            "registeredObject(for:) returned \(outcome.registeredObjectIsNil ? "nil" : "an object").",
            "object(with:) returned \(outcome.objectWithReturnedFault ? "a fault" : "a loaded object") "
                + "and did not complain.",
            "Loading that fault with fulfillFault() threw: \(outcome.fulfillFaultError).",
            "Reading its title instead: \(outcome.firstAccess.summary)",
        ]
    }
}
