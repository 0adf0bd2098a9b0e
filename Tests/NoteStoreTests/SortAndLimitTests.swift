import Foundation
import NoteStore
import Testing

/// Every sort key, both orders and the limit, on notes where each key gives another order.
@Suite("Fetch descriptors key by key")
struct SortAndLimitTests {
    let context: NoteContext

    /// Three notes whose identifier, title, creation and modification orders all differ.
    init() throws {
        let container = try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: true))
        context = try container.newContext(name: "sorting")
        try context.performAndWait { () throws(NoteStoreError) in
            let inbox = context.insertFolder(id: FolderID(1), name: "Inbox")
            let archive = context.insertFolder(id: FolderID(2), name: "Archive")
            let day = StoreFixture.created
            context.insertNote(
                id: NoteID(1), title: "Beta", body: "", folder: inbox,
                created: day.addingTimeInterval(3), modified: day.addingTimeInterval(10)
            )
            context.insertNote(
                id: NoteID(2), title: "Alpha", body: "", folder: archive,
                created: day.addingTimeInterval(1), modified: day.addingTimeInterval(30)
            )
            context.insertNote(
                id: NoteID(3), title: "Alpha 100%", body: "", folder: inbox,
                created: day.addingTimeInterval(2), modified: day.addingTimeInterval(20)
            )
            try context.save()
        }
    }

    private func ids(_ descriptor: NoteFetchDescriptor) throws -> [Int64] {
        try context.performAndWait { () throws(NoteStoreError) in try context.fetch(descriptor).map(\.id.rawValue) }
    }

    private func count(_ descriptor: NoteFetchDescriptor) throws -> Int {
        try context.performAndWait { () throws(NoteStoreError) in try context.fetchCount(descriptor) }
    }

    @Test(
        "Each sort key orders the notes, and reverse order reverses it",
        arguments: [
            (NoteFetchDescriptor.SortKey.id, [Int64(1), 2, 3]),
            (.title, [2, 3, 1]),
            (.created, [2, 3, 1]),
            (.modified, [1, 3, 2]),
        ]
    )
    func sortKeys(key: NoteFetchDescriptor.SortKey, expected: [Int64]) throws {
        #expect(try ids(NoteFetchDescriptor(sortBy: key)) == expected)
        #expect(try ids(NoteFetchDescriptor(sortBy: key, order: .reverse)) == expected.reversed())
    }

    @Test("The limit applies after sorting; fetchCount ignores it")
    func limit() throws {
        #expect(try ids(NoteFetchDescriptor(sortBy: .modified, order: .reverse, fetchLimit: 2)) == [2, 3])
        #expect(try ids(NoteFetchDescriptor(fetchLimit: 0)) == [])
        #expect(try ids(NoteFetchDescriptor(fetchLimit: 10)) == [1, 2, 3])
        #expect(try count(NoteFetchDescriptor(fetchLimit: 1)) == 3)
    }

    @Test("A folder and a title prefix combine, and both count")
    func folderAndPrefix() throws {
        let descriptor = NoteFetchDescriptor(folder: FolderID(1), titlePrefix: "Alpha")
        #expect(try ids(descriptor) == [3])
        #expect(try count(descriptor) == 1)
        #expect(try count(NoteFetchDescriptor(titlePrefix: "Alpha")) == 2)
        #expect(try count(NoteFetchDescriptor(titlePrefix: "alpha")) == 0, "case-sensitive")
        #expect(try ids(NoteFetchDescriptor(titlePrefix: "Alpha 100%")) == [3], "% is a character, not a wildcard")
        #expect(try ids(NoteFetchDescriptor(titlePrefix: "Alpha_")) == [], "_ is a character, not a wildcard")
    }

    @Test("Unsaved inserts are not fetched; unsaved edits are, through the registered object")
    func pendingChanges() throws {
        try context.performAndWait { () throws(NoteStoreError) in
            let inbox = try context.existingFolder(with: FolderID(1))
            context.insertNote(id: NoteID(4), title: "Alpha draft", body: "", folder: inbox, created: StoreFixture.created)
            let edited = try context.existingObject(with: NoteID(1))
            edited.body = "unsaved"
            let fetched = try context.fetch(NoteFetchDescriptor(folder: FolderID(1)))
            #expect(fetched.map(\.id) == [NoteID(1), NoteID(3)])
            #expect(fetched.first === edited)
            #expect(fetched.first?.body == "unsaved")
            #expect(try context.fetchCount() == 3)
        }
    }
}
