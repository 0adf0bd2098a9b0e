import NoteStore
import WorkshopKit

// A wrong fix of exercise 1 (shares memory across threads): every use of the context is on
// its queue, through perform, as the lesson asks; and after each read a scheduled job on
// that queue reads the next few notes ahead into a dictionary, which snapshot(of:) looks in
// first, on the caller's thread, "so scrolling on needs no trip to the queue". The
// dictionary is written on the context's queue and read on another thread with nothing
// ordering the two: no trap fires, since no context is touched off its queue. The check
// refuses it twice: `races`, under ThreadSanitizer; and `reads`, since what was read ahead
// is stale once another context saves.
final class PrefetchingArchive: NoteArchive {
    private nonisolated(unsafe) let context: NoteContext
    // Written on the context's queue, read on the caller's.
    private nonisolated(unsafe) var prefetched: [NoteID: NoteSnapshot] = [:]

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "archive")
    }

    func importBatch(_ batch: NoteBatch) async throws {
        try await context.perform { context in try context.importBatch(batch) }
    }

    func snapshot(of id: NoteID) async throws -> NoteSnapshot {
        if let note = prefetched[id] { return note }
        let note = try await context.perform { context in try context.existingObject(with: id).snapshot }
        let ahead = (1...3).map { NoteID(id.rawValue + Int64($0)) }
        context.perform(schedule: { [self] context in
            for next in ahead {
                if let note = try? context.existingObject(with: next) { prefetched[next] = note.snapshot }
            }
        })
        return note
    }
}
