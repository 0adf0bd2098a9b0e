import ActorPerObjectStore
import NoteStore
import TestSupport
import Testing
import Workload

/// The actor-per-object anti-pattern: correct, one actor per note, a hop for every read
/// and a round trip through the store for every write.
@Suite("Actor-per-object repository")
struct ActorPerObjectRepositoryTests {
    let container: NoteContainer
    let repository: ActorPerObjectRepository

    init() throws {
        container = try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: true))
        repository = try ActorPerObjectRepository(container: container)
    }

    private func prepare() async throws {
        try await ScenarioRunner.prepare(ScenarioPlan(scenario: .pointRead, operations: 1, clients: 1, seed: 3), on: repository)
    }

    @Test("There is one actor per note touched, whatever the call")
    func oneActorPerNote() async throws {
        try await prepare()
        #expect(await repository.noteObjectCount == 0)
        _ = try await repository.title(of: NoteID(1))
        _ = try await repository.snapshot(of: NoteID(2))
        try await repository.update(NoteID(3), with: NoteEdit(body: "edited", modifiedAdvance: 1))
        _ = try await repository.modified(of: NoteID(1))
        _ = try await repository.folderName(of: NoteID(2))
        #expect(await repository.noteObjectCount == 3)
        #expect(try await repository.object(for: NoteID(1)) === repository.object(for: NoteID(1)))
    }

    @Test("Reading a note actor hops into the note, not onto the context's queue")
    func readsStayInTheNote() async throws {
        try await prepare()
        let note = try await repository.object(for: NoteID(8))
        let jobs = repository.queueJobCount
        #expect(await note.title.hasPrefix("Note 8:"))
        #expect(await !note.body.isEmpty)
        #expect(await note.folderName.hasPrefix("Folder "))
        #expect(await note.modified == note.snapshot.modified)
        // The note serves its own copy: no lookup, no database, but a hop per property.
        #expect(repository.queueJobCount == jobs)
    }

    @Test("An update leaves the note for the store: two jobs on the context's queue")
    func updateGoesThroughTheStore() async throws {
        try await prepare()
        _ = try await repository.object(for: NoteID(6))
        let jobs = repository.queueJobCount
        try await repository.update(NoteID(6), with: NoteEdit(body: "edited", modifiedAdvance: 1))
        // One for the lookup, one for the save; the patterns make one in all.
        #expect(repository.queueJobCount == jobs + 2)
    }

    @Test("An update keeps the note actor and the database in step")
    func updateKeepsActorAndDatabaseInStep() async throws {
        try await prepare()
        let note = try await repository.object(for: NoteID(5))
        let before = await note.snapshot
        try await repository.update(NoteID(5), with: NoteEdit(body: "new body", modifiedAdvance: 120))
        let after = await note.snapshot
        #expect(after.body == "new body")
        #expect(after.modified == before.modified.addingTimeInterval(120))
        #expect(try await databaseSnapshot(of: NoteID(5)) == after)
    }

    @Test("Concurrent updates of one note leave the actor at the newest saved values")
    func concurrentUpdatesConverge() async throws {
        try await prepare()
        let note = try await repository.object(for: NoteID(9))
        let before = await note.snapshot
        let edits = (1...16).map { NoteEdit(body: "edit \($0)", modifiedAdvance: $0) }
        try await withThrowingTaskGroup { group in
            for edit in edits {
                group.addTask { try await repository.update(NoteID(9), with: edit) }
            }
            try await group.waitForAll()
        }
        let saved = try await databaseSnapshot(of: NoteID(9))
        #expect(await note.snapshot == saved)
        #expect(saved.modified == before.modified.addingTimeInterval(Double(edits.reduce(0) { $0 + $1.modifiedAdvance })))
    }

    /// The note as saved, read through a second repository: its own context and actors.
    private func databaseSnapshot(of id: NoteID) async throws -> NoteSnapshot {
        let reader = try ActorPerObjectRepository(container: container)
        let snapshot = try await reader.snapshot(of: id)
        try await reader.close()
        return snapshot
    }

    @Test("A missing note is notFound and leaves no actor behind")
    func missingNote() async throws {
        try await prepare()
        await #expect(throws: NoteStoreError.notFound("note 424242")) {
            _ = try await repository.title(of: NoteID(424_242))
        }
        #expect(await repository.noteObjectCount == 0)
    }

    @Test("Closing releases every note actor")
    func closeReleasesNotes() async throws {
        try await prepare()
        weak let note = try await repository.object(for: NoteID(1))
        #expect(note != nil)
        try await repository.close()
        #expect(note == nil)
        #expect(await repository.noteObjectCount == 0)
    }
}
