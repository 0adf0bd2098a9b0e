// A wrong fix of exercise 5 (switches the compiler off): the titles are read on the
// database actor, but the cache is a dictionary at an address kept as an Int, so that
// "any code can use it without an await". The pointer rebuilt from the integer carries no
// isolation: the compiler no longer sees who touches the cache, and nothing keeps two
// threads from changing it at once.

import GlobalActorStore
import NoteStore
import WorkshopKit

/// The address of the process's title cache.
private let titleCacheAddress: Int = {
    let cache = UnsafeMutablePointer<[NoteID: String]>.allocate(capacity: 1)
    cache.initialize(to: [:])
    return Int(bitPattern: cache)
}()

private var titleCache: UnsafeMutablePointer<[NoteID: String]> {
    UnsafeMutablePointer(bitPattern: titleCacheAddress)!
}

@DatabaseActor
final class AddressCacheIndex: TitleIndex {
    private let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "index", queue: DatabaseActor.queue)
        titleCache.pointee = [:]
    }

    func title(of id: NoteID) throws -> String {
        if let title = titleCache.pointee[id] { return title }
        let title = try context.existingObject(with: id).title
        titleCache.pointee[id] = title
        return title
    }
}
