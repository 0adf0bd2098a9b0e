// A wrong fix of exercise 10 (switches the compiler off): one call to the details actor per
// row, but what comes back is the note itself, passed as its address in an Int because the
// compiler will not let a Note leave its actor; the main actor rebuilds the reference and
// reads the note's stored values with Mirror, which no getter guards. The values are read
// on the main thread while they belong to the context's queue.

import CustomExecutorStore
import NoteStore
import WorkshopKit

@MainActor
final class ReflectedRowModel: RowLoading {
    private let details: ReflectedRowDetails
    private(set) var row = NoteRow(title: "", body: "", folderName: "", modified: .distantPast)

    init(container: NoteContainer) throws {
        details = try ReflectedRowDetails(container: container)
    }

    func load(_ id: NoteID) async throws {
        let (address, folderName) = try await details.note(for: id)
        let note = withUnsafeBytes(of: address) { $0.load(as: Note.self) }
        let values = Mirror(reflecting: note).descendant("storage", "some")
        func value<T>(_ label: String) -> T? { values.flatMap { Mirror(reflecting: $0).descendant(label) as? T } }
        row = NoteRow(
            title: value("title") ?? "", body: value("body") ?? "", folderName: folderName,
            modified: value("modified") ?? .distantPast
        )
    }
}

actor ReflectedRowDetails: NoteModelActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext
    /// The notes handed out: the context holds clean notes weakly.
    private var handedOut: [Note] = []

    init(container: NoteContainer) throws {
        let context = try container.newContext(name: "details")
        self.context = context
        modelExecutor = ContextExecutor(context: context)
    }

    func note(for id: NoteID) throws -> (address: Int, folderName: String) {
        var note = try context.existingObject(with: id)
        handedOut.append(note)
        return (withUnsafeBytes(of: &note) { $0.load(as: Int.self) }, note.folder.name)
    }
}
