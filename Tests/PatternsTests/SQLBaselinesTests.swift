import Baselines
import RowKit
import Testing
import Workload

/// raw-sqlite and mutex, the store's SQL with no store layer: what they declare. That they
/// end where the reference model ends and fail the way the store fails, on every database
/// kind, the conformance suite checks for every row.
@Suite("SQL baselines")
struct SQLBaselinesTests {
    @Test("raw-sqlite runs its clients one after another; mutex runs them concurrently; neither hops but off the main actor")
    func declarations() {
        #expect(RowDescriptor.rawSQLite.name == "raw-sqlite")
        #expect(RowDescriptor.mutex.name == "mutex")
        #expect(!RowDescriptor.rawSQLite.concurrentClients)
        #expect(RowDescriptor.mutex.concurrentClients)
        for row in [RowDescriptor.rawSQLite, .mutex] {
            #expect(row.kind == .baseline)
            for call in RepositoryCall.allCases {
                #expect(row.expectedHops?.hops(call) == 0...0, "\(row.name): \(call)")
            }
        }
        // The list's read comes from the main actor: mutex's nonisolated method leaves it and
        // comes back. raw-sqlite runs no scenario with a list.
        #expect(RowDescriptor.mutex.expectedHops?.listFromTheMainActor == 2...2)
        #expect(!RowDescriptor.rawSQLite.runs(.uiDuringImport))
        #expect(RowDescriptor.mutex.runs(.uiDuringImport))
    }
}
