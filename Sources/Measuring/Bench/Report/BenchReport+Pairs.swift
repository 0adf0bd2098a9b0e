import RowKit
import Support
import Workload

// MARK: - The lesson pairs

extension BenchReport {
    /// The comparisons the lessons make, said outright for `scenario`, each with whether the
    /// rounds establish it: every other pattern against custom-executor (the model actor, the
    /// guide's reference pattern), each anti-pattern against custom-executor (its fix), and
    /// the fastest row that is no baseline against raw-sqlite.
    package func lessonPairs(of scenario: ScenarioResult) -> [String] {
        guard let reference = scenario.row(.customExecutor) else { return [] }
        var pairs = scenario.rows.filter { $0.id != .customExecutor && $0.failure == nil && ($0.kind == .pattern || $0.kind == .antiPattern) }
            .map { (row: $0, against: reference) }
        if let raw = scenario.reference,
           let best = scenario.ranked.first(where: { $0.kind != .baseline }) {
            pairs.append((best, raw))
        }
        return pairs.compactMap { pair in
            guard let median = pair.row.throughput?.median, let other = pair.against.throughput?.median, other > 0 else { return nil }
            let ratio = Format.decimal(median / other, digits: 2)
            let order = scenario.order(of: pair.row, and: pair.against)
            let rounds = min(pair.row.nanosecondsByRound.count, pair.against.nanosecondsByRound.count)
            let verdict = switch order {
            case pair.row.id?: "faster in every round"
            case pair.against.id?: "slower in every round"
            default: rounds < ScenarioResult.roundsToOrder ? "too few rounds to order" : "not told apart: the rounds disagree"
            }
            return "\(pair.row.name) against \(pair.against.name): \(ratio)× \(pair.against.name)'s ops/s, \(verdict)"
        }
    }
}
