import ActorConfinedStore
import ActorPerObjectStore
import Baselines
import ConcurrentStore
import CustomExecutorStore
import GlobalActorStore
import NonsendingStore
import PlainActorStore
import QueuePerformStore
import TaskExecutorStore
import ThreadExecutorStore
import Workload

// MARK: - RowCatalog

/// Every row of the results table, in the order the table shows them: the patterns, the
/// anti-pattern, the baselines, then the peer.
public enum RowCatalog {
    public static let all: [RowDescriptor] = [
        .queuePerform, .plainActor, .customExecutor, .globalActor, .actorPerObject,
        .taskExecutor, .actorConfined, .threadExecutor, .nonsending, .concurrent,
        .storeSync, .rawSQLite, .mutex, .grdb,
    ]

    /// The row named `name`, if there is one.
    public static func row(named name: String) -> RowDescriptor? {
        all.first { $0.name == name }
    }

    /// The row every other is compared with: the same SQL with no layer at all.
    public static let reference = "raw-sqlite"
}
