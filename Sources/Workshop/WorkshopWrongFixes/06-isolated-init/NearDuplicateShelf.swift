// A wrong fix of exercise 6 (blocking instead of awaiting): the storage is made on the
// shelf's global actor, as the lesson has it, but its load schedules the fetch on the
// context's queue and waits for the answer on a pipe, then, still in the same
// job, looks for near-duplicate titles to warn about. The wait holds a thread of the
// cooperative pool until the queue has answered; the work after it makes the job long, as
// if it had been computing all along.

import Foundation
import NoteStore
import Synchronization
import WorkshopKit

@globalActor
actor NearDuplicateShelf: SharedShelf {
    static let shared = NearDuplicateShelf()

    private var storage: ShelfStorage!

    private init() {}

    func setup(container: NoteContainer) async throws {
        storage = await ShelfStorage()
        try await storage.load(from: container)
    }

    func titles() async -> [String] {
        await storage.titles
    }
}

extension NearDuplicateShelf {
    typealias NoteShelf = NearDuplicateShelf

    @NoteShelf
    final class ShelfStorage {
        private(set) var titles: [String]
        /// Pairs of titles one or two edits apart, for a "did you mean" hint.
        private(set) var nearDuplicates: [(String, String)] = []

        init() {
            titles = []
        }


        func load(from container: NoteContainer) throws {
            let context = try container.newContext(name: "shelf")
            let loaded = Mutex<Result<[String], NoteStoreError>?>(nil)
            let answered = Pipe()
            context.perform(schedule: { context in
                let titles = Result { () throws(NoteStoreError) -> [String] in
                    try context.fetch(NoteFetchDescriptor(sortBy: .title)).map(\.title)
                }
                loaded.withLock { $0 = titles }
                answered.fileHandleForWriting.write(Data([1]))
            })
            _ = answered.fileHandleForReading.readData(ofLength: 1)
            titles = try loaded.withLock { $0! }.get()
            nearDuplicates = Self.nearDuplicates(in: titles)
        }

        /// Among the first screen of titles: the hint is shown beside them.
        private static func nearDuplicates(in titles: [String]) -> [(String, String)] {
            let screen = Array(titles.prefix(80))
            var pairs: [(String, String)] = []
            for (index, first) in screen.enumerated() {
                for second in screen[(index + 1)...] where distance(first, second) <= 2 {
                    pairs.append((first, second))
                }
            }
            return pairs
        }

        /// The edit distance between two titles.
        private static func distance(_ first: String, _ second: String) -> Int {
            let a = Array(first), b = Array(second)
            var previous = Array(0...b.count)
            for (i, x) in a.enumerated() {
                var current = [i + 1]
                for (j, y) in b.enumerated() {
                    current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
                }
                previous = current
            }
            return previous[b.count]
        }
    }
}
