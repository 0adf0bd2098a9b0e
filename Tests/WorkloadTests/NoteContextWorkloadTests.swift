import NoteStore
import Testing
import Workload

/// The workload's steps on a context (`importBatch`, `apply`, `contentChecksum`), which
/// every row built on the store shares.
@Suite("Workload steps on a context")
struct NoteContextWorkloadTests {
    let context: NoteContext

    init() throws {
        let container = try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: true))
        context = try container.newContext(name: "workload")
    }

    @Test("Importing a plan's setup and applying its updates ends at the reference checksum")
    func endsAtReference() throws {
        let plan = ScenarioPlan(scenario: .update, operations: 20, clients: 2, seed: 31)
        let (checksum, count) = try context.performAndWait { () throws(NoteStoreError) in
            for batch in plan.setup { try context.importBatch(batch) }
            for case .update(let id, let edit) in plan.clients.joined() { try context.apply(edit, to: id) }
            return (try context.contentChecksum(), try context.fetchCount())
        }
        let expected = ReferenceModel.expectedOutcome(of: plan)
        #expect(checksum == expected.checksum)
        #expect(count == expected.noteCount)
    }

    @Test("A batch that repeats a saved identifier writes nothing and leaves nothing pending")
    func failedImport() throws {
        let plan = ScenarioPlan(scenario: .pointRead, operations: 1, clients: 1, seed: 37)
        try context.performAndWait { () throws(NoteStoreError) in
            for batch in plan.setup { try context.importBatch(batch) }
            let before = try context.contentChecksum()
            var fresh = plan.setup[1].notes[0]
            fresh.id = NoteID(5_000)
            // The fresh note comes first, so it is written before the duplicate fails.
            let error = #expect(throws: NoteStoreError.self) {
                try context.importBatch(NoteBatch(notes: [fresh, plan.setup[1].notes[1]]))
            }
            #expect(error.map { if case .constraintViolation = $0 { true } else { false } } == true)
            #expect(!context.hasChanges)
            #expect(context.registeredObject(for: fresh.id) == nil)
            #expect(try context.fetchCount() == ScenarioPlan.seededNoteCount)
            #expect(try context.contentChecksum() == before)
        }
    }

    @Test("An edit of a missing note throws notFound")
    func editOfMissingNote() throws {
        context.performAndWait {
            #expect(throws: NoteStoreError.notFound("note 77")) {
                try context.apply(NoteEdit(body: "lost", modifiedAdvance: 1), to: NoteID(77))
            }
            #expect(!context.hasChanges)
        }
    }
}
