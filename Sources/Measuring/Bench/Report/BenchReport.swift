import Rows
import Support
import Foundation
import Meters
import Workload
import RowKit

// MARK: - BenchReport

/// Everything `lab bench` measured: the model every renderer (table, JSON, Markdown, SVG) reads.
package struct BenchReport: Sendable {
    package var date: Date
    package var machine: Machine
    package var command: String
    package var database: String
    package var runs: Int
    package var seed: UInt64
    /// Whether the counting pass ran (off with `--no-meters`).
    package var meters: Bool
    /// The hop meter's check against programs with known counts, run before measuring.
    package var oracles: [HopOracle.Result]
    package var scenarios: [ScenarioResult]
    /// The suite's performance targets, when they were checked (`--docs`).
    package var targets: [TargetChecks.Result] = []

    /// Every cost probe of the run: one before each timed run of every scenario, and one
    /// after each scenario's last.
    package var costs: [HopCosts] { scenarios.flatMap(\.costs) }

    /// The costs over all the probes of the run: what the header shows.
    package var model: CostModel { CostModel(probes: costs) }

    /// The model of one scenario's "model" column: its own probes, whose worked round
    /// trips carried that scenario's kind of call.
    package func model(of scenario: ScenarioResult) -> CostModel {
        CostModel(probes: scenario.costs)
    }

    /// One line per row whose outcome differs or that failed; empty when all is well.
    package var failures: [String] {
        let meter = oracles.filter { !$0.isExact }.map {
            "the hop meter counted \($0.measured) hops for '\($0.name)', expected \($0.expected)"
        }
        return meter + scenarios.flatMap { scenario in
            let name = title(of: scenario)
            return scenario.rows.compactMap { row in
                if let failure = row.failure { return "\(name) · \(row.name) failed: \(failure)" }
                if let difference = row.outcomeDifference { return "\(name) · \(row.name): \(difference)" }
                return nil
            }
        }
    }

    // MARK: ScenarioResult

    package struct ScenarioResult: Sendable {
        var scenario: Scenario
        var operations: Int
        var clients: Int
        /// The titles of each list read, in a scenario that reads a list.
        var listTitles: Int?
        var expectedChecksum: Checksum
        var rows: [RowResult]
        /// The cost probes of the scenario, one before each timed run and one after the last.
        var costs: [HopCosts] = []
        /// The rows of the run that do not run this scenario (`RowDescriptor.runs(_:)`),
        /// with the reason: its table leaves them out.
        var rowsNotRun: [(name: String, reason: String)] = []

        var reference: RowResult? { row(RowCatalog.reference) }

        /// Whether the scenario leaves the reference row out by design, so that nothing in
        /// it is relative to the reference.
        var leavesOutReference: Bool { rowsNotRun.contains { $0.name == RowCatalog.reference.rawValue } }

        /// Why the cost model predicts nothing in this scenario; nil where it predicts.
        var outsideCostModel: String? { scenario.outsideCostModel }

        /// The reference row's median throughput, when it ran.
        var referenceThroughput: Double? { reference?.throughput?.median }

        /// The row `id`, when it ran without failing.
        func row(_ id: RowID) -> RowResult? {
            rows.first { $0.id == id && $0.failure == nil }
        }

        /// The model's prediction for `row`, in nanoseconds per operation, when its base row
        /// ran and its counts exist.
        func predictedNanoseconds(for row: RowResult, model: CostModel) -> Double? {
            guard outsideCostModel == nil, let baseID = row.modelBase, let base = self.row(baseID) else { return nil }
            return model.predictedNanoseconds(for: row, base: base, clients: clients)
        }

        /// Predicted ÷ measured time per operation, run by run: 1.25 and 0.8 are the same
        /// size of miss.
        func modelRatio(for row: RowResult, model: CostModel) -> Double? {
            guard outsideCostModel == nil, let baseID = row.modelBase, let base = self.row(baseID) else { return nil }
            return model.ratio(for: row, base: base, clients: clients)
        }

        /// The largest term of the model's prediction for `row`, when it has a base.
        func dominantTerm(for row: RowResult, model: CostModel) -> String? {
            guard outsideCostModel == nil, let baseID = row.modelBase, let base = self.row(baseID) else { return nil }
            return model.dominantTerm(for: row, base: base)
        }

        /// Whether the rounds do not tell `row` apart from a row ranked next to it
        /// (``order(of:and:)``): the run does not establish their order, whatever the
        /// medians say.
        func spreadHidesRanking(of row: RowResult) -> Bool {
            let ranked = ranked
            guard let index = ranked.firstIndex(where: { $0.id == row.id }) else { return false }
            let neighbours = [index - 1, index + 1].filter(ranked.indices.contains).map { ranked[$0] }
            return neighbours.contains { order(of: row, and: $0) == nil }
        }
    }

    // MARK: RowResult

    package struct RowResult: Sendable {
        var id: RowID
        var kind: RowDescriptor.Kind
        var concurrentClients: Bool
        var costModel: CostModelRole
        var name: String { id.rawValue }
        var modelBase: RowID? {
            if case .predicted(let base) = costModel { base } else { nil }
        }
        /// Operations per second over the timed runs.
        var throughput: Spread?
        /// Each timed run's time per operation, with the costs of the probes on either side of it.
        var probedRuns: [ProbedRun] = []
        /// Each round's time per operation in nanoseconds, in the order the rounds ran
        /// (``ScenarioResult/order(of:and:)``); empty for a row that failed.
        var nanosecondsByRound: [Double] = []
        /// CPU time per operation over the timed runs, in microseconds (all threads).
        var cpuMicroseconds: Spread?
        /// Voluntary context switches per operation, median of the timed runs.
        var wakeupsPerOperation: Double?
        /// Repository calls per operation: each one a trip that carries work, for a row whose
        /// calls cross threads.
        var callsPerOperation = 1.0
        /// Whether the row names its store container, so that in sync its reader merges each
        /// save instead of fetching again; nil when no timed run says.
        var mergesSaves: Bool?
        /// Latency percentiles of the row's latency run (the only run that reads the clock
        /// around each operation).
        var latency: LatencySummary?
        var hopsPerOperation: Double?
        /// Jobs handed to an executor per operation (counting pass), and what the row declares.
        var enqueuesPerOperation: Double?
        var expectedEnqueuesPerOperation: ClosedRange<Double>?
        var enqueueReasons: [String] = []
        /// The declared hops per operation, at least and at most.
        var expectedHopsPerOperation: ClosedRange<Double>?
        var hopReasons: [String] = []
        /// What decides the hops between the declared least and most.
        var hopCondition: String?
        var queueDispatchesPerOperation: Double?
        /// Synchronous waits per operation that parked a thread that must not park.
        var blockingWaitsPerOperation: Double?
        var allocationsPerOperation: Double?
        var bytesPerOperation: Double?
        /// Bytes that stay allocated per open/run/close cycle (never negative).
        var leakedBytesPerCycle: UInt64?
        var leakedObjects: Int?
        var cycles: [String] = []
        var checksum: Checksum?
        /// What differed from the reference model in the first run that differed.
        var outcomeDifference: String?
        var failure: String?
        /// Why a metric is null, by its JSON name.
        var notes: [(metric: String, reason: String)] = []
        /// What the scenario's main-actor list rendered, in a scenario with one.
        var frames: FrameSummary?

        var outcomeMatches: Bool { failure == nil && outcomeDifference == nil }

        init(
            row: RowDescriptor, plan: ScenarioPlan, runs: [TimedRun], latencyRun: TimedRun?,
            counts: CountingPass.CountedRow?,
            countingPass skipped: String?, expected: ReferenceModel.Outcome
        ) {
            let operations = Double(plan.operationCount)
            id = row.id
            kind = row.kind
            concurrentClients = row.concurrentClients
            costModel = row.costModel
            callsPerOperation = Double(plan.scenario.definition.callsPerOperation)
            throughput = Spread(runs.map { operations / $0.seconds })
            nanosecondsByRound = runs.map { $0.seconds * 1e9 / operations }
            mergesSaves = runs.first?.mergesSaves
            probedRuns = runs.compactMap { run in
                run.costs.map {
                    ProbedRun(
                        nanosecondsPerOperation: run.seconds * 1e9 / operations,
                        wakeupsPerOperation: Double(run.usage.voluntarySwitches) / operations, costs: $0
                    )
                }
            }
            cpuMicroseconds = Spread(runs.map { $0.usage.cpuNanoseconds / operations / 1000 })
            wakeupsPerOperation = Spread(runs.map { Double($0.usage.voluntarySwitches) / operations })?.median
            latency = latencyRun?.latency
            // A row declares the hops of its own calls; in a scenario with a reader (sync), the
            // runner's main-actor reader and the merges it waits for add hops that are the
            // scenario's, not the row's. In a scenario with a list, the hops of the list's
            // reads are the row's, once per frame the counting run rendered, and the list's
            // own sleeps add the reader's (``ListFrameReader/perFrame``).
            let definition = plan.scenario.definition
            let listed = definition.frames != nil
            let listReads = listed ? counts?.framesRendered.map { ($0, counts?.frameRenderings ?? 0) } : (0, 0)
            let declared = !definition.hasReader && listReads != nil
            func declaration(
                _ expectation: HopExpectation?, own: (ListFrameReader.MeteredCost) -> ClosedRange<Int>
            ) -> ClosedRange<Double>? {
                guard declared, let expectation, let (reads, renderings) = listReads else { return nil }
                let frame = own(ListFrameReader.perFrame), rendering = own(ListFrameReader.perRendering)
                let reader = (reads * frame.lowerBound + renderings * rendering.lowerBound)...(reads * frame.upperBound + renderings * rendering.upperBound)
                return expectation.hopsPerOperation(in: plan, listReads: reads, besides: reader)
            }
            let readerReasons = listed ? ListFrameReader.meteredCostReasons : []
            expectedHopsPerOperation = declaration(row.expectedHops, own: \.hops)
            hopReasons = (row.expectedHops?.reasons ?? []) + (row.expectedHops == nil ? [] : readerReasons)
            hopCondition = row.expectedHops?.condition
            expectedEnqueuesPerOperation = declaration(row.expectedEnqueues, own: \.enqueues)
            enqueueReasons = (row.expectedEnqueues?.reasons ?? []) + (row.expectedEnqueues == nil ? [] : readerReasons)
            queueDispatchesPerOperation = Spread(runs.map { Double($0.queueDispatches) / operations })?.median
            if let counts {
                hopsPerOperation = counts.hops.map { Double($0) / operations }
                enqueuesPerOperation = counts.enqueues.map { Double($0) / operations }
                blockingWaitsPerOperation = Double(counts.blockingWaits) / operations
                allocationsPerOperation = counts.allocations.map { Double($0) / operations }
                bytesPerOperation = counts.allocatedBytes.map { Double($0) / operations }
                leakedBytesPerCycle = counts.leakedBytesPerCycle
                leakedObjects = counts.leakedObjects
                cycles = Array(counts.retainPaths.prefix(5))
            }
            let outcomes = runs.map(\.outcome) + (latencyRun.map { [$0.outcome] } ?? [])
                + (counts?.outcome.map { [$0] } ?? [])
            checksum = outcomes.last?.checksum
            outcomeDifference = outcomes.lazy.compactMap { Self.difference(between: $0, and: expected) }.first
            if listed {
                let logs = runs.compactMap(\.frames)
                var summary = FrameSummary(logs: logs, batch: definition.notesImported(by: 1))
                summary.notesPerSecond = throughput.map { $0.median * Double(summary.batch) }
                summary.countedFrames = counts?.framesRendered
                // A row that queues no job on a context queue has no queue whose reads the
                // store could count: its reads wait elsewhere (a lock, another library's queue).
                summary.countsMissing = counts == nil ? skipped ?? "the counting pass did not report it" : nil
                if let counts, counts.queueDispatches > 0 {
                    summary.readsBehindWrites = counts.readsBehindWrites
                } else {
                    summary.readsBehindWritesMissing = summary.countsMissing
                        ?? "the row queues no job on a context queue: its reads wait elsewhere (a lock, another library's queue, an actor)"
                }
                frames = summary
                let wrong = summary.pooled.wrongScreens + (latencyRun?.frames?.wrongScreens ?? 0)
                if wrong > 0 {
                    outcomeDifference = "\(wrong) frame\(wrong == 1 ? "" : "s") of the list showed a screen the store could not have shown, so the values read differ from the reference's"
                }
            }

            let countReason = skipped ?? "the counting pass did not report it"
            if hopsPerOperation == nil { notes.append(("hops_per_op", skipped ?? HopMeter.unavailableReason)) }
            let undeclared = definition.hasReader ? "in sync, the main-actor reader's hops are the scenario's, and no row declares them" : nil
            let unlisted = listed && listReads == nil
                ? "in a scenario with a list, the declared hops count its reads, the frames the counting pass rendered, which it did not report"
                : nil
            if expectedHopsPerOperation == nil {
                notes.append(("expected_hops_per_op", undeclared ?? unlisted ?? "the row declares no expected hops"))
            }
            if enqueuesPerOperation == nil { notes.append(("enqueues_per_op", skipped ?? HopMeter.unavailableReason)) }
            if expectedEnqueuesPerOperation == nil {
                notes.append(("expected_enqueues_per_op", undeclared ?? unlisted ?? "the row declares no expected enqueues"))
            }
            if allocationsPerOperation == nil {
                let reason = skipped ?? AllocationMeter.unavailableReason
                notes.append(("allocations_per_op", reason))
                notes.append(("bytes_per_op", reason))
            }
            if leakedBytesPerCycle == nil { notes.append(("leaked_bytes_per_cycle", skipped ?? AllocationMeter.unavailableReason)) }
            if leakedObjects == nil { notes.append(("leaked_objects", countReason)) }
            if blockingWaitsPerOperation == nil { notes.append(("blocking_waits_per_op", countReason)) }
            if latency == nil { notes.append(("latency_us", "no timed run finished")) }
            if row.kind == .peer {
                notes.append(("queue_dispatches_per_op", "GRDB's own queue is not a context queue: its jobs are not counted"))
                queueDispatchesPerOperation = nil
            }
        }

        /// One timed run as the cost model reads it.
        struct ProbedRun: Sendable {
            var nanosecondsPerOperation: Double
            /// Voluntary context switches of the process per operation during the run.
            var wakeupsPerOperation: Double
            var costs: HopCosts
        }

        init(row: RowDescriptor, failure: String) {
            id = row.id
            kind = row.kind
            concurrentClients = row.concurrentClients
            costModel = row.costModel
            self.failure = failure
            notes = [("error", failure)]
        }

        /// Nanoseconds per operation at the median throughput.
        var nanosecondsPerOperation: Double? { throughput.map { 1e9 / $0.median } }

        /// Whether the measured hops fall outside the declared ones.
        var hopsDiffer: Bool { Self.differs(hopsPerOperation, from: expectedHopsPerOperation) }

        /// Whether the measured enqueues fall outside the declared ones.
        var enqueuesDiffer: Bool { Self.differs(enqueuesPerOperation, from: expectedEnqueuesPerOperation) }

        /// A count per operation outside its declared range. The counts are net of what
        /// starting and ending the clients costs; the margin absorbs rounding only.
        static func differs(_ measured: Double?, from expected: ClosedRange<Double>?) -> Bool {
            guard let measured, let expected else { return false }
            return measured < expected.lowerBound - 0.005 || measured > expected.upperBound + 0.005
        }

        /// How often the conditional hop happened: 0 when never, 1 when on every call; nil
        /// for a row whose hops are all certain.
        var conditionalHopRate: Double? {
            guard let measured = hopsPerOperation, let expected = expectedHopsPerOperation,
                  expected.upperBound > expected.lowerBound
            else { return nil }
            return (measured - expected.lowerBound) / (expected.upperBound - expected.lowerBound)
        }

        /// What differs between an outcome and the reference, in words; nil when nothing does.
        static func difference(between outcome: ReferenceModel.Outcome, and expected: ReferenceModel.Outcome) -> String? {
            if outcome.noteCount != expected.noteCount {
                return "\(outcome.noteCount) notes at the end, the reference has \(expected.noteCount)"
            }
            if outcome.checksum != expected.checksum {
                return "database checksum \(outcome.checksum) differs from the reference \(expected.checksum)"
            }
            if outcome.reads != expected.reads {
                return "the values read (digest \(outcome.reads)) differ from the reference's (\(expected.reads))"
            }
            return nil
        }
    }

    // MARK: Spread

    /// The median, minimum and maximum of a measurement over runs.
    package struct Spread: Sendable, Equatable {
        var median: Double
        var min: Double
        var max: Double

        init(median: Double, min: Double, max: Double) {
            self.median = median
            self.min = min
            self.max = max
        }

        init?(_ values: [Double]) {
            guard !values.isEmpty else { return nil }
            let sorted = values.sorted()
            let middle = sorted.count / 2
            median = sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
            min = sorted[0]
            max = sorted[sorted.count - 1]
        }

        /// Half the range, as a fraction of the median: ±0.05 is a range of 10% of the median.
        var relativeHalfRange: Double { median == 0 ? 0 : (max - min) / 2 / median }

        func overlaps(_ other: Spread) -> Bool { min <= other.max && other.min <= max }
    }
}

// MARK: - Rendering

extension BenchReport {
    package func rendered(as format: BenchFormat, wide: Bool = false) -> String {
        switch format {
        case .table: renderedTable(wide: wide)
        case .json: renderedJSON()
        case .markdown: renderedMarkdown()
        }
    }
}

// MARK: - BenchFormat

/// How a report is written: the terminal's table, JSON for scripts, or Markdown for a page.
package enum BenchFormat: String, CaseIterable, Sendable {
    case table, json, markdown
}
