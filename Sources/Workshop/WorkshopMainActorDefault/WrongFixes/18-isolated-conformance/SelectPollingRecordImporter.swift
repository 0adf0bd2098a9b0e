// A wrong fix of exercise 18 (blocking instead of awaiting): the records are decoded off
// the main actor, as the lesson asks, but the import is scheduled on the context's queue
// and the actor waits for it in a loop of one-millisecond select(2) timeouts, "a sleep
// that does not spin". The actor runs on the cooperative pool: its thread is held for the
// whole save.

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Foundation
import NoteStore
import Synchronization
import WorkshopKit

nonisolated struct SelectPollingNoteRecord: Codable {
    var id: Int64
    var folder: Int64
    var title: String
    var body: String
    var created: Date
    var modified: Date
}

actor SelectPollingRecordImporter: RecordImporting {
    private let container: NoteContainer

    init(container: NoteContainer) {
        self.container = container
    }

    private nonisolated final class Outcome: Sendable {
        let failure = Mutex<NoteStoreError??>(nil)

        func waitForSave() throws(NoteStoreError) {
            while true {
                if let failure = failure.withLock({ $0 }) {
                    if let failure { throw failure }
                    return
                }
                var pause = timeval(tv_sec: 0, tv_usec: 1_000)
                _ = select(0, nil, nil, nil, &pause)
            }
        }
    }

    func importFile(_ file: RecordFile) throws {
        let records = try file.records(as: SelectPollingNoteRecord.self)
        let batch = NoteBatch(notes: records.map { record in
            NoteSnapshot(
                id: NoteID(record.id), folder: FolderID(record.folder), title: record.title, body: record.body,
                created: record.created, modified: record.modified
            )
        })
        let context = try container.newContext(name: "import")
        let outcome = Outcome()
        context.perform(schedule: { context in
            do throws(NoteStoreError) {
                try context.importBatch(batch)
                outcome.failure.withLock { $0 = .some(nil) }
            } catch {
                outcome.failure.withLock { $0 = .some(error) }
            }
        })
        try outcome.waitForSave()
    }
}
