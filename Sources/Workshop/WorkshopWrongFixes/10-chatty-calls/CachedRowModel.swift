// A wrong fix of exercise 10 (skipping the work): the four chatty calls stay, and the model
// keeps every row it loaded, so loading one note again costs nothing. The check loads a
// different note each time. The check refuses it: `hops`.

import CustomExecutorStore
import Foundation
import NoteStore
import WorkshopKit

@MainActor
final class CachedRowModel: RowLoading {
    private let details: NoteDetails
    private(set) var title = ""
    private(set) var body = ""
    private(set) var folderName = ""
    private(set) var modified = Date.distantPast
    private var loaded: [NoteID: NoteRow] = [:]

    var row: NoteRow { NoteRow(title: title, body: body, folderName: folderName, modified: modified) }

    init(container: NoteContainer) throws {
        details = try NoteDetails(container: container)
    }

    func load(_ id: NoteID) async throws {
        if let row = loaded[id] {
            (title, body, folderName, modified) = (row.title, row.body, row.folderName, row.modified)
            return
        }
        title = try await details.title(of: id)
        body = try await details.body(of: id)
        folderName = try await details.folderName(of: id)
        modified = try await details.modified(of: id)
        loaded[id] = row
    }
}

actor NoteDetails: NoteModelActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext

    init(container: NoteContainer) throws {
        let context = try container.newContext(name: "details")
        self.context = context
        modelExecutor = ContextExecutor(context: context)
    }

    func title(of id: NoteID) throws -> String { try context.existingObject(with: id).title }
    func body(of id: NoteID) throws -> String { try context.existingObject(with: id).body }
    func folderName(of id: NoteID) throws -> String { try context.existingObject(with: id).folder.name }
    func modified(of id: NoteID) throws -> Date { try context.existingObject(with: id).modified }
}
