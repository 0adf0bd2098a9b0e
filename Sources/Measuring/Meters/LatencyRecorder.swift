import Histogram
import Workload

// MARK: - LatencyRecorder

/// Records each operation's duration into its client's HdrHistogram (nanoseconds, three
/// significant digits). A histogram records without allocating, so timing every
/// operation does not change what the allocation meter sees.
package struct LatencyRecorder: OperationRecorder {
    package typealias Log = Histogram<UInt64>

    package init() {}

    package static var timesOperations: Bool { true }

    package func makeLog(operations: Int) -> Histogram<UInt64> {
        // One minute is far beyond any operation the lab runs; longer ones are clamped.
        Histogram(highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
    }

    @inlinable
    package func record(_ duration: Duration, in log: inout Histogram<UInt64>) {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = UInt64(max(0, seconds)) &* 1_000_000_000 &+ UInt64(max(0, attoseconds) / 1_000_000_000)
        _ = log.record(min(nanoseconds, log.highestTrackableValue))
    }
}

// MARK: - LatencySummary

/// Per-operation latency percentiles, in microseconds.
package struct LatencySummary: Sendable, Equatable {
    package var p50: Double
    package var p90: Double
    package var p99: Double

    package init(p50: Double, p90: Double, p99: Double) {
        self.p50 = p50
        self.p90 = p90
        self.p99 = p99
    }

    /// The percentiles of every client's log together.
    package init?(logs: [Histogram<UInt64>]) {
        guard var merged = logs.first else { return nil }
        for log in logs.dropFirst() { merged.add(log) }
        guard merged.totalCount > 0 else { return nil }
        func microseconds(_ percentile: Double) -> Double { Double(merged.valueAtPercentile(percentile)) / 1_000 }
        self.init(p50: microseconds(50), p90: microseconds(90), p99: microseconds(99))
    }
}
