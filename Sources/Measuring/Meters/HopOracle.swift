import NoteStore
import Synchronization

// MARK: - HopOracle

/// Small programs whose hop counts are known, to prove the hop meter exact before it is
/// trusted with the patterns. `lab bench` runs them at start-up in its own (release)
/// build; the tests run them in a debug build.
///
/// Every fixture writes state after each `await`: at `-O` the optimizer removes a hop
/// into an actor method that touches nothing, and the expected count would be wrong.
package enum HopOracle {
    /// One oracle's expectation and what the meter counted.
    package struct Result: Sendable, Equatable {
        package var name: String
        package var expected: UInt64
        package var measured: UInt64
        package var isExact: Bool { expected == measured }
    }

    /// Calls per oracle: large enough that a stray hop could not hide, small enough to be quick.
    package static let calls = 1_000

    /// Runs every oracle once, one after another, and returns what each counted.
    package static func run(calls k: Int = calls) async -> [Result] {
        let caller = OracleCaller()
        let target = OracleTarget()
        let k64 = UInt64(k)
        // snippet: oracles
        return [
            Result(name: "same-actor call", expected: 0, measured: await caller.sameActorCalls(k)),
            Result(name: "into an actor and back", expected: 2 * k64, measured: await intoActorAndBack(target, k)),
            Result(name: "actor A → actor B → back", expected: 2 * k64, measured: await caller.callOtherActor(target, k)),
            Result(name: "global-actor helper from its actor", expected: 0, measured: await OracleGlobalOwner().callHelper(k)),
            Result(name: "global-actor function from outside", expected: 2 * k64, measured: await globalActorFromOutside(k)),
            Result(name: "nonisolated(nonsending) from an actor", expected: 0, measured: await caller.callNonsending(k)),
            Result(name: "@concurrent from an actor (leave, return)", expected: 2 * k64, measured: await caller.callConcurrent(k)),
        ] + (await enqueueOracles(k))
        // snippet: end
    }
}

// MARK: - Enqueue oracles

extension HopOracle {
    /// Programs whose enqueues (jobs handed to an executor) are known, run after the hop
    /// oracles. The runtime takes a switch in place, with no enqueue, when it may give up the
    /// current executor on this thread (the pool, a default actor) and take the new one on
    /// it (the pool, a free default actor); a custom executor is never taken in place.
    // snippet: enqueue-oracles
    static func enqueueOracles(_ k: Int) async -> [Result] {
        let k64 = UInt64(k)
        let target = OracleTarget()
        let onQueue = OracleQueueActor()
        return [
            // In place both ways: the target is free, the pool may be given up.
            Result(name: "enqueues: into a free default actor and back", expected: 0, measured: await callsInto(target, k).enqueues),
            // One job on the custom executor in, one on the global pool back.
            Result(name: "enqueues: into a custom-executor actor and back", expected: 2 * k64, measured: await callsInto(onQueue, k).enqueues),
        ]
    }
    // snippet: end
}

/// An actor on a ``ContextExecutor``: every job a dispatch to its queue.
private actor OracleQueueActor: OracleWorker {
    nonisolated let executor = ContextExecutor(queue: ContextQueue(label: "lab.oracle"))
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    var count = 0

    func work() { count += 1 }
}

// MARK: - Fixtures

/// Writes somewhere the optimizer cannot see through, after every await.
private let oracleSink = Atomic<Int>(0)

@inline(never)
private func touch(_ value: Int) { oracleSink.add(value, ordering: .relaxed) }

/// An actor whose `work()` writes its own state, so the optimizer keeps the hop into it.
private protocol OracleWorker: Actor {
    func work()
}

private actor OracleTarget: OracleWorker {
    var count = 0
    func work() { count += 1 }
}

private actor OracleCaller {
    var count = 0

    func sameActorCalls(_ k: Int) async -> UInt64 {
        await HopMeter.counting {
            for _ in 0..<k {
                await same()
                count += 1
            }
        }.count.hops
    }

    private func same() async { count += 1 }

    func callOtherActor(_ other: OracleTarget, _ k: Int) async -> UInt64 {
        await HopMeter.counting {
            for _ in 0..<k {
                await other.work()
                count += 1
            }
        }.count.hops
    }

    func callNonsending(_ k: Int) async -> UInt64 {
        await HopMeter.counting {
            for index in 0..<k { count += await nonsendingWork(index) }
        }.count.hops
    }

    func callConcurrent(_ k: Int) async -> UInt64 {
        await HopMeter.counting {
            for index in 0..<k { count += await concurrentWork(index) }
        }.count.hops
    }
}

@concurrent
private func intoActorAndBack(_ target: OracleTarget, _ k: Int) async -> UInt64 {
    await callsInto(target, k).hops
}

/// `k` calls into `target` from the global pool, each followed by a write: what the meter
/// counted, hops and enqueues. The hop oracle and the enqueue oracles read the same program.
@concurrent
private func callsInto(_ target: some OracleWorker, _ k: Int) async -> HopMeter.Reading {
    await HopMeter.counting {
        for index in 0..<k {
            await target.work()
            touch(index)
        }
    }.count
}

@globalActor
private actor OracleGlobalActor {
    static let shared = OracleGlobalActor()
}

@OracleGlobalActor
private final class OracleHelper {
    var count = 0
    func work() async { count += 1 }
}

@OracleGlobalActor
private final class OracleGlobalOwner {
    let helper = OracleHelper()
    var count = 0

    nonisolated init() {}

    func callHelper(_ k: Int) async -> UInt64 {
        await HopMeter.counting {
            for _ in 0..<k {
                await helper.work()
                count += 1
            }
        }.count.hops
    }
}

@OracleGlobalActor
private func globalWork(_ value: Int) { touch(value) }

@concurrent
private func globalActorFromOutside(_ k: Int) async -> UInt64 {
    await HopMeter.counting {
        for index in 0..<k {
            await globalWork(index)
            touch(index)
        }
    }.count.hops
}

nonisolated(nonsending)
private func nonsendingWork(_ value: Int) async -> Int {
    touch(value)
    return 1
}

@concurrent @inline(never)
private func concurrentWork(_ value: Int) async -> Int {
    touch(value)
    return 1
}
