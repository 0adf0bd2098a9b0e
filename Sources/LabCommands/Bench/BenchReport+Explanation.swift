import Foundation

// MARK: - What explains a scenario's differences

extension BenchReport {
    /// One paragraph, written from the measurements, that explains the scenario's
    /// differences in terms of hops and thread wake-ups.
    func explanation(of scenario: ScenarioResult) -> String {
        guard let reference = scenario.reference, let sql = reference.throughput?.median else {
            return "raw-sqlite did not run, so the rows are not compared with the SQL alone."
        }
        let sqlMicroseconds = 1e6 / sql
        var sentences = [
            "raw-sqlite runs the SQL alone at \(Format.grouped(sql)) operations per second, \(Format.decimal(sqlMicroseconds, digits: 1)) µs each: no row can be faster."
        ]
        let measured = scenario.rows.filter { $0.name != reference.name && $0.throughput != nil }
        for row in measured {
            guard let throughput = row.throughput?.median else { continue }
            let ratio = throughput / sql
            let microseconds = 1e6 / throughput
            var sentence = "\(row.name) keeps \(Format.decimal(ratio * 100, digits: 0))% of it (\(Format.decimal(microseconds, digits: 1)) µs per operation)"
            if let hops = row.hopsPerOperation, let dispatches = row.queueDispatchesPerOperation {
                sentence += " with \(Format.decimal(hops, digits: 2)) hops and \(Format.decimal(dispatches, digits: 2)) queue dispatches per operation"
                if let predicted = scenario.predictedNanoseconds(for: row, costs: costs),
                   let error = scenario.modelError(for: row, costs: costs) {
                    sentence += "; the cost model predicts \(Format.decimal(predicted / 1000, digits: 1)) µs"
                    sentence += abs(error) > Self.modelTolerance
                        ? ", and misses by \(Format.signedPercent(error)), so something besides hops and wake-ups matters here (contention, allocation, the store layer)"
                        : " (\(Format.signedPercent(error)))"
                }
            }
            sentences.append(sentence + ".")
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
        return sentences.joined(separator: " ")
    }
}
