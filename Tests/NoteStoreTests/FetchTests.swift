import NoteStore
import Testing

/// Fetch descriptors filter, sort and limit saved notes.
@Suite("Fetching with a descriptor")
struct FetchTests {
    let context: NoteContext

    init() throws { context = try StoreFixture().container.newContext() }

    private func titles(_ descriptor: NoteFetchDescriptor) throws -> [String] {
        try context.performAndWait { () throws(NoteStoreError) in try context.fetch(descriptor).map(\.title) }
    }

    @Test("Without a predicate every note comes back in identifier order")
    func all() throws {
        #expect(try titles(NoteFetchDescriptor()) == ["alpha", "beta", "alphabet"])
    }

    @Test("A folder, a title prefix, a sort key, an order and a limit each apply")
    func filters() throws {
        #expect(try titles(NoteFetchDescriptor(folder: FolderID(1))) == ["alpha", "beta"])
        #expect(try titles(NoteFetchDescriptor(titlePrefix: "alpha")) == ["alpha", "alphabet"])
        #expect(try titles(NoteFetchDescriptor(sortBy: .title, order: .reverse)) == ["beta", "alphabet", "alpha"])
        #expect(try titles(NoteFetchDescriptor(sortBy: .created, fetchLimit: 2)) == ["alpha", "beta"])
        #expect(try titles(NoteFetchDescriptor(titlePrefix: "%")) == [], "a prefix is text, not a LIKE pattern")
    }

    @Test("The container counts every row a fetch reads, registered objects included, and nothing for a count")
    func rowsFetched() throws {
        let before = context.container.noteRowsFetched
        try context.performAndWait { () throws(NoteStoreError) in
            _ = try context.fetch()
            _ = try context.fetch(NoteFetchDescriptor(folder: FolderID(1)))
            _ = try context.fetchCount()
        }
        #expect(context.container.noteRowsFetched - before == 5)
    }

    @Test("fetchCount counts what the predicate matches")
    func count() throws {
        let counts = try context.performAndWait { () throws(NoteStoreError) in
            (try context.fetchCount(), try context.fetchCount(NoteFetchDescriptor(folder: FolderID(2))))
        }
        #expect(counts.0 == 3)
        #expect(counts.1 == 1)
    }

    @Test("Fetched notes are the context's registered objects, unsaved edits included")
    func fetchUsesIdentityMap() throws {
        try context.performAndWait { () throws(NoteStoreError) in
            let note = try context.existingObject(with: NoteID(1))
            note.title = "unsaved"
            let fetched = try context.fetch(NoteFetchDescriptor(folder: FolderID(1)))
            #expect(fetched.first === note)
            #expect(fetched.first?.title == "unsaved")
        }
    }
}
