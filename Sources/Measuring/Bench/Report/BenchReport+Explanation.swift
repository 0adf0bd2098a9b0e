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
        let definition = scenario.scenario.definition
        if let low = kept.min(), let high = kept.max(), let roundTrip {
            sentences.append(definition.explanation(findings(in: scenario, raw: raw, store: store, roundTrip: roundTrip, kept: low...high)))
        }
        if let mutex = scenario.row(.mutex), let throughput = mutex.throughput?.median {
            sentences.append("mutex, the same SQL behind a lock with no queue, keeps \(Self.percent(throughput * raw / 1e9)) of raw-sqlite.")
        }
        if let grdb = scenario.row(.grdb), let time = grdb.nanosecondsPerOperation {
            sentences.append("grdb takes \(Self.microseconds(time)): \(definition.grdbWork) (see the Baselines chapter).")
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

    /// What the scenario's own sentence (``ScenarioDefinition/explanation(_:)``) may quote.
    private func findings(
        in scenario: ScenarioResult, raw: Double, store: Double?, roundTrip: Double, kept: ClosedRange<Double>
    ) -> ScenarioFindings {
        ScenarioFindings(
            trip: "a queue round trip, probed before each run, took \(Self.microseconds(roundTrip))",
            roundTrip: Self.microseconds(roundTrip),
            kept: "the patterns keep \(Self.percent(kept.lowerBound)) to \(Self.percent(kept.upperBound)) of raw-sqlite",
            roundTripOverWork: Format.decimal(roundTrip / (store ?? raw), digits: 1),
            clients: scenario.clients, cores: machine.cores,
            readerComparison: scenario.scenario.definition.hasReader ? readerComparison(scenario, roundTrip: roundTrip) : nil
        ) { count, name, digits in
            let row = scenario.row(RowID(name))
            let value = switch count {
            case .wakeups: row?.wakeupsPerOperation
            case .queueDispatches: row?.queueDispatchesPerOperation
            case .hops: row?.hopsPerOperation
            }
            return value.map { Format.decimal($0, digits: digits) }
        }
    }

    /// In a scenario with a reader (sync), the rows do one of two kinds of work, so each is
    /// compared with a base that does the same: the rows that merge with store-sync, which
    /// merges with no concurrency layer; the rows that fetch again with raw-sqlite, which
    /// fetches again in plain SQL. Each sentence starts with a space, to follow the
    /// scenario's own.
    private func readerComparison(_ scenario: ScenarioResult, roundTrip: Double) -> String {
        let measured = scenario.rows.filter { $0.throughput != nil && $0.mergesSaves != nil }
        let merging = measured.filter { $0.mergesSaves == true }
        let fetching = measured.filter { $0.mergesSaves == false }
        var text = ""
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
