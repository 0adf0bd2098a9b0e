import Rows
import Foundation
import RowKit
import Support
import Workload

// MARK: - What explains a scenario's differences

extension BenchReport {
    /// A paragraph, written from the measurements, that says what this scenario's numbers
    /// show: what one operation costs without a layer, what the patterns add and why, and
    /// where the run cannot tell two rows apart or the cost model misses.
    package func explanation(of scenario: ScenarioResult) -> String {
        if scenario.rows.isEmpty { return "No row of this run runs \(scenario.scenario.rawValue)." }
        let raw = scenario.reference?.nanosecondsPerOperation
        // A scenario that leaves raw-sqlite out by design is explained without it.
        if raw == nil && !scenario.leavesOutReference {
            return "raw-sqlite did not run, so the rows are not compared with the SQL alone."
        }
        let store = scenario.row(.storeSync)?.nanosecondsPerOperation
        let patterns = scenario.rows.filter { $0.kind == .pattern && $0.throughput != nil }
        let kept = raw.map { raw in patterns.compactMap { row in row.throughput.map { $0.median * raw / 1e9 } } } ?? []
        let model = model(of: scenario)
        let roundTrip = model.roundTrip?.median
        var sentences: [String] = []

        if let raw {
            // Only where a reader follows each save (sync): elsewhere no row merges anything.
            let rawFetches = scenario.reference?.mergesSaves == false
            let storeMerges = scenario.row(.storeSync)?.mergesSaves == true
            if let store, scenario.scenario.definition.hasReader && rawFetches && storeMerges {
                // Two kinds of work: said first, or raw-sqlite reads as the slower layer.
                sentences.append(
                    "raw-sqlite has no change notification, so its list fetches the count and every shown note again after each save: "
                        + "one operation takes \(Self.microseconds(raw)). The lab's store with no concurrency layer (store-sync) merges "
                        + "each save into its view context instead of fetching again: \(Self.microseconds(store))."
                )
            } else {
                var base = "raw-sqlite does one operation's SQL in \(Self.microseconds(raw))"
                if let store { base += ", and the lab's store on top of it, with no concurrency layer (store-sync), in \(Self.microseconds(store))" }
                sentences.append(base + ".")
            }
        }
        if let roundTrip, raw == nil || !kept.isEmpty {
            let range = kept.min().flatMap { low in kept.max().map { low...$0 } }
            sentences.append(scenario.scenario.explanation(findings(in: scenario, raw: raw, store: store, roundTrip: roundTrip, kept: range)))
        }
        if let raw, let mutex = scenario.row(.mutex), let throughput = mutex.throughput?.median {
            sentences.append("mutex, the same SQL behind a lock with no queue, keeps \(Self.percent(throughput * raw / 1e9)) of raw-sqlite.")
        }
        if let grdb = scenario.row(.grdb), let time = grdb.nanosecondsPerOperation {
            sentences.append("grdb takes \(Self.microseconds(time)): \(scenario.scenario.grdbWork) (see the Baselines chapter).")
        }
        if let frames = framesSentence(of: scenario) { sentences.append(frames) }
        let unresolved = scenario.rows.filter { scenario.spreadHidesRanking(of: $0) }.map(\.name)
        if !unresolved.isEmpty {
            sentences.append(
                "The rounds do not tell \(unresolved.joined(separator: ", ")) apart from a row ranked next to \(unresolved.count == 1 ? "it" : "each"): "
                    + "this run does not establish their order (marked ~)."
            )
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
        in scenario: ScenarioResult, raw: Double?, store: Double?, roundTrip: Double, kept: ClosedRange<Double>?
    ) -> ScenarioFindings {
        ScenarioFindings(
            trip: "a queue round trip, probed before each run, took \(Self.microseconds(roundTrip))",
            roundTrip: Self.microseconds(roundTrip),
            kept: kept.map { range in
                let share = Self.percent(range.lowerBound) == Self.percent(range.upperBound)
                    ? Self.percent(range.lowerBound)
                    : "\(Self.percent(range.lowerBound)) to \(Self.percent(range.upperBound))"
                return "the patterns keep \(share) of raw-sqlite"
            }
                ?? "raw-sqlite is not in this scenario, so no row is compared with the SQL alone",
            roundTripOverWork: (store ?? raw).map { Format.decimal(roundTrip / $0, digits: 1) } ?? "-",
            clients: scenario.clients, cores: machine.cores,
            readerComparison: scenario.scenario.definition.hasReader ? readerComparison(scenario, roundTrip: roundTrip) : nil
        ) { count, id, digits in
            let row = scenario.row(id)
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

    /// Which rows' lists missed the fewest and the most frames, in a scenario with a list.
    private func framesSentence(of scenario: ScenarioResult) -> String? {
        let ranked = scenario.rows.compactMap { row in row.frames?.missedShare.map { (row, $0) } }.sorted { $0.1 < $1.1 }
        func said(_ entry: (row: RowResult, share: Double)) -> String {
            let p99 = entry.row.frames?.stall(atPercentile: 0.99).map { ", stall p99 \(Format.decimal($0, digits: 1)) ms" } ?? ""
            return "\(entry.row.name) (\(Self.percent(entry.share)) of the frames due\(p99))"
        }
        guard let fewest = ranked.first, let most = ranked.last else { return nil }
        if ranked.count == 1 { return "The list missed \(Self.percent(fewest.1)) of its frames with \(fewest.0.name)." }
        return "The list missed the fewest frames with \(said(fewest)) and the most with \(said(most))."
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
