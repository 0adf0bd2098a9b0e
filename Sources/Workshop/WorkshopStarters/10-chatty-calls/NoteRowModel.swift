// Exercise 10: chatty calls. Lesson 10: an isolation boundary around every property turns
// every read into hops; the cure is one call that returns a value.
// Source: "SwiftData에서 ModelActor 사용하기", pookjw.
//
// NoteRowModel is the view model of a list row, on the main actor as a SwiftUI view's is.
// NoteDetails is an actor on its context's queue, correct and trap-free. The model loads
// a row one property at a time. `lab workshop check 10` counts the hops and queue
// dispatches of load(_:): it allows 2 hops and 1 dispatch. A read on a main-queue context
// from the main actor passes too (Apple documents the view context as "associated with the
// main queue": developer.apple.com/documentation/coredata/nspersistentcontainer/viewcontext);
// a context confined to an actor with confine(to:) does not.
//
// Keep NoteRowModel's name and its RowLoading conformance: the check uses them.

import CustomExecutorStore
import Foundation
import NoteStore
import WorkshopKit

@MainActor
final class NoteRowModel: RowLoading {
    private let details: NoteDetails
    private(set) var title = ""
    private(set) var body = ""
    private(set) var folderName = ""
    private(set) var modified = Date.distantPast

    var row: NoteRow { NoteRow(title: title, body: body, folderName: folderName, modified: modified) }

    init(container: NoteContainer) throws {
        details = try NoteDetails(container: container)
    }

    func load(_ id: NoteID) async throws {
        title = try await details.title(of: id)
        body = try await details.body(of: id)
        folderName = try await details.folderName(of: id)
        modified = try await details.modified(of: id)
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
