import CustomExecutorStore
import Foundation
import NoteStore
import WorkshopKit

// A wrong fix of exercise 10 (swallows a failure): one call per row into the details actor,
// as the lesson asks, but a row that cannot be read leaves the row as it was, "a stale row
// is better than an error on screen". load(_:) returns normally when the read failed, and
// the list shows the previous note's values under the new one's place.
@MainActor
final class KeptRowModel: RowLoading {
    private let details: KeptRowDetails
    private(set) var row = NoteRow(title: "", body: "", folderName: "", modified: .distantPast)

    init(container: NoteContainer) throws {
        details = try KeptRowDetails(container: container)
    }

    func load(_ id: NoteID) async throws {
        if let loaded = try? await details.row(for: id) { row = loaded }
    }
}

actor KeptRowDetails: NoteModelActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext

    init(container: NoteContainer) throws {
        let context = try container.newContext(name: "details")
        self.context = context
        modelExecutor = ContextExecutor(context: context)
    }

    func row(for id: NoteID) throws -> NoteRow {
        let note = try context.existingObject(with: id)
        return NoteRow(title: note.title, body: note.body, folderName: note.folder.name, modified: note.modified)
    }
}
