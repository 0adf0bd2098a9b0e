import Foundation

// MARK: - What explains a scenario's differences

extension BenchReport {
    /// One paragraph, written from the measurements, that explains the scenario's
    /// differences in terms of hops and thread wake-ups.
    func explanation(of scenario: ScenarioResult) -> String {
        guard let reference = scenario.reference, let sql = reference.throughput?.median else {
            return "raw-sqlite did not run, so the rows are not compared with the SQL alone."
        }
        var sentences = [
            "raw-sqlite runs the SQL alone at \(Format.grouped(sql)) operations per second, \(Format.decimal(1e6 / sql, digits: 1)) µs each: no row can be faster."
        ]
        let measured = scenario.rows.filter { $0.name != reference.name && $0.throughput != nil }
        var misses: [String] = []
        for row in measured {
            guard let throughput = row.throughput?.median else { continue }
            var details = ["\(Format.decimal(1e6 / throughput, digits: 1)) µs per operation"]
            if let hops = row.hopsPerOperation, let dispatches = row.queueDispatchesPerOperation {
                details.append("\(Format.decimal(hops, digits: 2)) hops and \(Format.decimal(dispatches, digits: 2)) dispatches")
            }
            if let predicted = scenario.predictedNanoseconds(for: row, costs: costs),
               let error = scenario.modelError(for: row, costs: costs) {
                details.append("model \(Format.decimal(predicted / 1000, digits: 1)) µs, \(Format.signedPercent(error))")
                if abs(error) > Self.modelTolerance { misses.append(row.name) }
            }
            sentences.append("\(row.name) keeps \(Format.decimal(throughput / sql * 100, digits: 0))% of it (\(details.joined(separator: "; "))).")
        }
        let dispatching = measured.filter { ($0.queueDispatchesPerOperation ?? 0) >= 0.5 }.map(\.name)
        if !dispatching.isEmpty {
            sentences.append(
                "\(dispatching.joined(separator: ", ")) send work to a context's serial queue on every call: each dispatch can wake a thread (about \(Format.decimal(costs.queueDispatchNanoseconds / 1000, digits: 1)) µs measured here), which costs far more than an actor hop between pool threads (about \(Format.decimal(costs.actorHopNanoseconds, digits: 0)) ns)."
            )
        }
        if let worst = measured.max(by: { ($0.hopsPerOperation ?? 0) < ($1.hopsPerOperation ?? 0) }),
           let hops = worst.hopsPerOperation, hops >= 4 {
            sentences.append("\(worst.name) makes the most hops, \(Format.decimal(hops, digits: 1)) per operation: every await on another actor is a switch there and back.")
        }
        if !misses.isEmpty {
            sentences.append("The cost model misses by more than \(Int(Self.modelTolerance * 100))% for \(misses.joined(separator: ", ")): there, something besides hops and wake-ups sets the time (a queue that stays awake between calls costs less than an idle one, contention, allocation, the store layer).")
        }
        return sentences.joined(separator: " ")
    }
}
