import RowKit
import Workload

// MARK: - Orders the rounds establish

extension BenchReport.ScenarioResult {
    /// The fewest rounds in which two rows must both have run for the run to order them.
    /// With three, a row faster in every round by chance alone has odds of 1 in 4 (two
    /// rows equal in speed, each round a coin toss: 2 × (1/2)³); with five, 1 in 16.
    static let roundsToOrder = 3

    /// The rows that ran, fastest median first.
    var ranked: [BenchReport.RowResult] {
        rows.compactMap { row in row.throughput.map { (row: row, median: $0.median) } }.sorted { $0.median > $1.median }.map(\.row)
    }

    /// Which of `first` and `second` the run established as the faster, or nil when it did
    /// not: the rows ran once per round, in an order that moves from round to round, and a
    /// row is the faster only if its time per operation is below the other's in every round
    /// in which both ran, and there were at least ``roundsToOrder`` of those. A busy
    /// moment of the machine slows both rows of a round about alike, so the ratio of two
    /// rows within a round is steadier than either row's range over the rounds.
    func order(of first: BenchReport.RowResult, and second: BenchReport.RowResult) -> RowID? {
        let pairs = Array(zip(first.nanosecondsByRound, second.nanosecondsByRound))
        guard pairs.count >= Self.roundsToOrder else { return nil }
        if pairs.allSatisfy({ $0 < $1 }) { return first.id }
        if pairs.allSatisfy({ $0 > $1 }) { return second.id }
        return nil
    }

    /// The rows that ran in tiers, fastest first: a row opens a new tier when the rounds
    /// order it after every row of the tier above; otherwise it joins that tier. Rows of one
    /// tier are not all told apart; a row is told apart from every row of the tier before
    /// its own.
    var tiers: [[BenchReport.RowResult]] {
        var tiers: [[BenchReport.RowResult]] = []
        for row in ranked {
            if let last = tiers.last, !last.allSatisfy({ order(of: $0, and: row) == $0.id }) {
                tiers[tiers.count - 1].append(row)
            } else {
                tiers.append([row])
            }
        }
        return tiers
    }

    /// The tier of `row`, counted from 1; nil when it did not run.
    func tier(of row: BenchReport.RowResult) -> Int? {
        tiers.firstIndex { $0.contains { $0.id == row.id } }.map { $0 + 1 }
    }
}
