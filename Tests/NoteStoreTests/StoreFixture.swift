import Foundation
import NoteStore

/// A container with concurrency-debug on, two folders and three saved notes.
struct StoreFixture {
    let container: NoteContainer
    static let created = Date(timeIntervalSince1970: 1_700_000_000)

    init(location: NoteContainer.Location = .inMemory) throws {
        container = try NoteContainer(location: location, options: .init(concurrencyDebug: true))
        let context = try container.newContext(name: "seed")
        try context.performAndWait { () throws(NoteStoreError) in
            let inbox = context.insertFolder(id: FolderID(1), name: "Inbox")
            let archive = context.insertFolder(id: FolderID(2), name: "Archive")
            for (id, title, folder) in [(1, "alpha", inbox), (2, "beta", inbox), (3, "alphabet", archive)] {
                context.insertNote(
                    id: NoteID(Int64(id)), title: title, body: "body \(id)", folder: folder,
                    created: Self.created.addingTimeInterval(Double(id))
                )
            }
            try context.save()
        }
    }

    /// The number of saved notes, read through a fresh context.
    func savedCount() throws -> Int {
        let context = try container.newContext(name: "count")
        return try context.performAndWait { () throws(NoteStoreError) in try context.fetchCount() }
    }
}
