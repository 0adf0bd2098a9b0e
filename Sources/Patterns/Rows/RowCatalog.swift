import Support
import ActorConfinedStore
import ActorPerObjectStore
import Baselines
import ConcurrentStore
import CustomExecutorStore
import GlobalActorStore
import ModelActorOnMainStore
import NonsendingStore
import PlainActorStore
import QueuePerformStore
import ReaderPoolStore
import TaskExecutorStore
import ThreadExecutorStore
import ViewContextStore
import ChildContextStore
import Workload
import RowKit

// MARK: - RowCatalog

/// Every row of the results table, in the order the table shows them: the patterns and the
/// anti-patterns, the baselines, then the peers.
public enum RowCatalog {
    public static let all: [RowDescriptor] = [
        .queuePerform, .plainActor, .customExecutor, .globalActor, .actorPerObject, .modelActorOnMain,
        .taskExecutor, .actorConfined, .threadExecutor, .nonsending, .concurrent, .readerPool, .viewContext, .childContext,
        .storeSync, .rawSQLite, .mutex, .grdb, .grdbPool,
    ]

    /// The row named `name` (as `--pattern` gives it), if there is one: one of ``all``, or
    /// a row planted for the lab's own tests, which no listing shows.
    public static func row(named name: String) -> RowDescriptor? {
        row(RowID(name))
    }

    /// The row `id`, if there is one: one of ``all``, or a row planted for the lab's own
    /// tests.
    public static func row(_ id: RowID) -> RowDescriptor? {
        (all + planted).first { $0.id == id }
    }

    /// The row every other is compared with: the same SQL with no layer at all.
    public static let reference = RowID.rawSQLite
}

// MARK: - Each scenario's rows

extension RowCatalog {
    /// Every scenario, in the workload's order, with the rows of ``all`` that run it
    /// (``RowDescriptor/runs(_:)``), in the table's order. A single-threaded row leaves out
    /// a scenario with a main-actor list, which would read its one connection mid-import.
    /// The regression benchmarks (Benchmarks/) register one benchmark per pair, and the
    /// tests count them from here.
    public static var rowsByScenario: [(scenario: Scenario, rows: [RowDescriptor])] {
        Scenario.allCases.map { scenario in (scenario, all.filter { $0.runs(scenario) }) }
    }
}
