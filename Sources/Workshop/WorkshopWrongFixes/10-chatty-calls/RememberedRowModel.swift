// A wrong fix of exercise 10 (trusts values read earlier): one call per row into the
// details actor, as the lesson asks, and every row read is remembered by identifier and
// shown again from memory, "so scrolling back costs nothing". A note edited and saved by
// another context after its first read is shown with its old values for as long as the
// model lives.

import CustomExecutorStore
import NoteStore
import WorkshopKit

@MainActor
final class RememberedRowModel: RowLoading {
    private let details: RememberedRowDetails
    private var remembered: [NoteID: NoteRow] = [:]
    private(set) var row = NoteRow(title: "", body: "", folderName: "", modified: .distantPast)

    init(container: NoteContainer) throws {
        details = try RememberedRowDetails(container: container)
    }

    func load(_ id: NoteID) async throws {
        if let known = remembered[id] {
            row = known
            return
        }
        row = try await details.row(for: id)
        remembered[id] = row
    }
}

actor RememberedRowDetails: NoteModelActor {
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
