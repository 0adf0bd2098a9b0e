import Support
import Baselines
import NoteStore
import Workload
import RowKit

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
package final class PlantedLeakRepository: ForwardingRepository {
    package let wrapped: any NoteRepository
    private let describe: @Sendable () -> Void

    package init(wrapping wrapped: RawSQLiteRepository) {
        self.wrapped = wrapped
        let ticket = PlantedTicket()
        ticket.onUse = { ticket.uses += ticket.payload.count }
        describe = { [ticket] in ticket.onUse() }
    }
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
