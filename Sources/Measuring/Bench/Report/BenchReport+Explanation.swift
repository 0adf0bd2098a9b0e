import ActorPerObjectStore
import Baselines
import CustomExecutorStore
import Foundation
import QueuePerformStore
import RowKit
import Support
import Workload

// MARK: - What explains a scenario's differences

extension BenchReport {
    /// A paragraph, written from the measurements, that says what this scenario's numbers
    /// show: what one operation costs without a layer, what the patterns add and why, and
    /// where the run cannot tell two rows apart or the cost model misses.
    package func explanation(of scenario: ScenarioResult) -> String {
        guard let raw = scenario.reference?.nanosecondsPerOperation else {
            return "raw-sqlite did not run, so the rows are not compared with the SQL alone."
        }
        let store = scenario.row(.storeSync)?.nanosecondsPerOperation
        let patterns = scenario.rows.filter { $0.kind == .pattern && $0.throughput != nil }
        let kept = patterns.compactMap { row in row.throughput.map { $0.median * raw / 1e9 } }
        let model = model(of: scenario)
        let roundTrip = model.roundTrip?.median
        var sentences: [String] = []

        var base = "raw-sqlite does one operation's SQL in \(Self.microseconds(raw))"
        if let store { base += ", and the lab's store on top of it, with no concurrency layer (store-sync), in \(Self.microseconds(store))" }
        sentences.append(base + ".")
        if let low = kept.min(), let high = kept.max(), let roundTrip {
            sentences.append(scenarioSpecific(scenario, raw: raw, store: store, roundTrip: roundTrip, kept: low...high))
        }
        if let mutex = scenario.row(.mutex), let throughput = mutex.throughput?.median {
            sentences.append("mutex, the same SQL behind a lock with no queue, keeps \(Self.percent(throughput * raw / 1e9)) of raw-sqlite.")
        }
        if let grdb = scenario.row(.grdb), let time = grdb.nanosecondsPerOperation {
            sentences.append("grdb takes \(Self.microseconds(time)): \(Self.grdbWork(in: scenario.scenario)) (see the Baselines chapter).")
        }
        let unresolved = scenario.rows.filter { scenario.spreadHidesRanking(of: $0) }.map(\.name)
        if !unresolved.isEmpty {
            sentences.append("The ranges of \(unresolved.joined(separator: ", ")) overlap a neighbour's: this run does not establish their order (marked ~).")
        }
        let misses = scenario.rows.compactMap { row -> String? in
            guard let ratio = scenario.modelRatio(for: row, model: model), !CostModel.fits(ratio) else { return nil }
            return "\(row.name) (\(Format.decimal(ratio, digits: 2))×)"
        }
        if !misses.isEmpty {
            sentences.append("The cost model misses for \(misses.joined(separator: ", ")): there, something besides the base work, hops and queue round trips sets the time.")
        }
        return sentences.joined(separator: " ")
    }

    /// What this scenario shows that the others do not.
    private func scenarioSpecific(
        _ scenario: ScenarioResult, raw: Double, store: Double?, roundTrip: Double, kept: ClosedRange<Double>
    ) -> String {
        let keptText = "the patterns keep \(Self.percent(kept.lowerBound)) to \(Self.percent(kept.upperBound)) of raw-sqlite"
        let trip = "a queue round trip, probed before each run, took \(Self.microseconds(roundTrip))"
        switch scenario.scenario {
        case .importBatch:
            return "One operation writes a hundred notes in one transaction, so \(trip), small beside the write: \(keptText), and hops hardly matter."
        case .pointRead:
            let wakeups = scenario.row(.customExecutor)?.wakeupsPerOperation.map {
                " custom-executor's process blocked and woke \(Format.decimal($0, digits: 1)) times per read."
            } ?? ""
            return "One operation is one indexed read, and every pattern sends it to the context's queue: \(trip), \(Format.decimal(roundTrip / (store ?? raw), digits: 1)) times the store's own work, so \(keptText).\(wakeups)"
        case .update:
            let perObject = scenario.row(.actorPerObject).flatMap { row -> String? in
                guard let jobs = row.queueDispatchesPerOperation, let hops = row.hopsPerOperation else { return nil }
                return " actor-per-object pays \(Format.decimal(jobs, digits: 0)) queue jobs and \(Format.decimal(hops, digits: 0)) hops per update."
            } ?? ""
            return "One operation reads a note and writes it back in a transaction, more work than a read, so the same round trip (\(Self.microseconds(roundTrip))) weighs less: \(keptText).\(perObject)"
        case .mixed:
            let clients = scenario.clients
            return "\(clients) clients share one connection: its work is serial, so no row beats its base, and the queue-based patterns keep their queue busy, which saves wake-ups (compare wake/op with point-read's): \(keptText). The model divides the CPU of the round trips among min(\(clients), \(machine.cores)) cores."
        case .chatty:
            let dispatches = scenario.row(.queuePerform)?.queueDispatchesPerOperation.map { Format.decimal($0, digits: 0) } ?? "4"
            return "One operation reads four properties through four calls, so every queue-based pattern pays \(dispatches) round trips per note where one snapshot would pay one: \(keptText)."
        case .sync:
            return syncComparison(scenario, roundTrip: roundTrip)
        }
    }

    /// The sync scenario's rows do one of two kinds of work, so each is compared with a base
    /// that does the same: the rows that merge with store-sync, which merges with no
    /// concurrency layer; the rows that fetch again with raw-sqlite, which fetches again in
    /// plain SQL.
    private func syncComparison(_ scenario: ScenarioResult, roundTrip: Double) -> String {
        let measured = scenario.rows.filter { $0.throughput != nil && $0.mergesSaves != nil }
        let merging = measured.filter { $0.mergesSaves == true }
        let fetching = measured.filter { $0.mergesSaves == false }
        var text = "One operation is one save (ten new notes, or an edit of a shown note) and a main-actor list of the count and \(ScenarioPlan.syncShownNotes.count) notes brought up to date. The rows do two kinds of work, so each is compared with a base that does the same."
        if !merging.isEmpty {
            text += " \(Self.names(merging)) name their store container: the list is a view context that merges each save."
        }
        if !fetching.isEmpty {
            text += " \(Self.names(fetching)) have no change notification to merge: the list fetches the count and every shown note again."
        }
        if let base = scenario.row(.storeSync)?.throughput?.median {
            let patterns = merging.filter { $0.id != .storeSync }.compactMap { $0.throughput.map { $0.median / base } }
            if let low = patterns.min(), let high = patterns.max() {
                text += " Among the rows that merge, a queue round trip, probed before each run, took \(Self.microseconds(roundTrip)), and the patterns keep \(Self.percent(low)) to \(Self.percent(high)) of store-sync's speed."
            }
        }
        if let base = scenario.referenceThroughput {
            let others = fetching.filter { $0.id != RowCatalog.reference }.compactMap { row in row.throughput.map { (row.name, $0.median / base) } }
            if !others.isEmpty {
                let list = others.map { "\($0.0) \(Self.percent($0.1))" }.joined(separator: ", ")
                text += " Among the rows that fetch again, each keeps this share of raw-sqlite's speed: \(list)."
            }
        }
        return text
    }

    /// What grdb does for one operation of `scenario`, which is why it takes the time it does.
    package static func grdbWork(in scenario: Scenario) -> String {
        let read = "a read-only transaction on GRDB's own queue, whose statement is prepared again because switching the connection to read-only and back expires its cached statements"
        switch scenario {
        case .importBatch:
            return "it writes each batch in one `write` transaction on its own serial queue, behind an actor: one hop in and one job per batch, and no read at all"
        case .pointRead:
            return "each read is \(read)"
        case .update:
            return "it reads and writes the note in one `write` transaction on its own queue, so no statement is prepared again; what it adds is the transaction and the trip to its queue"
        case .mixed:
            return "each of its reads is \(read), and each update one `write` transaction"
        case .chatty:
            return "each of the four property reads is \(read)"
        case .sync:
            return "it has no change notification to merge, so after each `write` its list fetches the count and every shown note again, each fetch \(read)"
        }
    }

    /// "a, b and c", in the order given.
    package static func names(_ rows: [RowResult]) -> String {
        let names = rows.map(\.name)
        guard names.count > 1, let last = names.last else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }

    package static func microseconds(_ nanoseconds: Double) -> String {
        Format.decimal(nanoseconds / 1000, digits: 1) + " µs"
    }

    package static func percent(_ fraction: Double) -> String {
        Format.decimal(fraction * 100, digits: 0) + "%"
    }
}
