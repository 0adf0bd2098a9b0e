import Support
import Baselines
import NoteStore
import Workload
import RowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - A planted leak

/// A row that leaks on purpose, for the lab's own tests: raw-sqlite, plus, on every open, a
/// retain cycle held only through closure captures. The leak check walks stored properties
/// by reflection and cannot look into a closure's captures, so it finds no object alive;
/// the allocator's live bytes grow with every open/run/close cycle, and `lab bench`'s
/// leaked column shows them. Resolved by name (`--pattern planted-closure-leak`), never
/// listed, never part of a default run.
extension RowCatalog {
    package static let planted: [RowDescriptor] = [.plantedClosureLeak]
}

extension RowID {
    package static let plantedClosureLeak = RowID("planted-closure-leak")
}

extension RowDescriptor {
    package static let plantedClosureLeak = RowDescriptor(
        id: .plantedClosureLeak, kind: .baseline,
        summary: "raw-sqlite, leaking a closure-held cycle on every open: for the lab's own tests",
        lessons: [11], clients: .sequential,
        expectedHops: .perCall(0, because: "raw-sqlite's calls")
    ) { configuration in
        PlantedLeakRepository(wrapping: try RawSQLiteRepository(location: configuration.location))
    }
}

/// raw-sqlite's calls, and a stored closure that holds the only reference to a ticket whose
/// own closure captures the ticket.
package final class PlantedLeakRepository: NoteRepository {
    private let wrapped: RawSQLiteRepository
    private let describe: @Sendable () -> Void

    package init(wrapping wrapped: RawSQLiteRepository) {
        self.wrapped = wrapped
        let ticket = PlantedTicket()
        ticket.onUse = { ticket.uses += ticket.payload.count }
        describe = { [ticket] in ticket.onUse() }
    }

    package func importBatch(_ batch: NoteBatch) async throws { try await wrapped.importBatch(batch) }
    package func snapshot(of id: NoteID) async throws -> NoteSnapshot { try await wrapped.snapshot(of: id) }
    package func update(_ id: NoteID, with edit: NoteEdit) async throws { try await wrapped.update(id, with: edit) }
    package func title(of id: NoteID) async throws -> String { try await wrapped.title(of: id) }
    package func body(of id: NoteID) async throws -> String { try await wrapped.body(of: id) }
    package func folderName(of id: NoteID) async throws -> String { try await wrapped.folderName(of: id) }
    package func modified(of id: NoteID) async throws -> Date { try await wrapped.modified(of: id) }
    package func listScreen(titles: Int) async throws -> ListScreen { try await wrapped.listScreen(titles: titles) }
    package func count() async throws -> Int { try await wrapped.count() }
    package func checksum() async throws -> Checksum { try await wrapped.checksum() }
    package func close() async throws { try await wrapped.close() }
}

/// What the planted cycle holds. `@unchecked Sendable`: it is made and used by the one
/// repository that holds it, and never touched after it leaks, which is its purpose.
package final class PlantedTicket: @unchecked Sendable {
    package var uses = 0
    package var onUse: () -> Void = {}
    /// 16 KiB, so that what leaks per cycle stands well above the few hundred bytes (seen:
    /// up to about 600) a cycle's teardown moves either way.
    package let payload = [UInt8](repeating: 1, count: 16_384)
}
