// A wrong fix of exercise 13 (switches the compiler off): the closure handed to
// performBlock is marked @Sendable so that it no longer inherits the main actor, and the
// compiler then refuses the non-Sendable context inside it. The learner passes the
// context's address as an Int and rebuilds the reference in the closure: the fetch runs on
// the queue, and the compiler no longer sees a context cross from the main actor.

import NoteStore
import PreconcurrencyStore
import WorkshopKit

@MainActor
final class AddressPassingNoteList: NoteListModel {
    private(set) var titles: [String] = []
    private let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "note-list")
    }

    func reload() async throws {
        var context = context
        let address = withUnsafeBytes(of: &context) { $0.load(as: Int.self) }
        titles = try await withCheckedThrowingContinuation { continuation in
            context.performBlock { @Sendable in
                let context = withUnsafeBytes(of: address) { $0.load(as: NoteContext.self) }
                continuation.resume(with: Result { try context.fetch().map(\.title) })
            }
        }
    }
}
