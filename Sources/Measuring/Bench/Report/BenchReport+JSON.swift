import RowKit
import Support
import Foundation
import Meters

// MARK: - JSON (schema 2)

extension BenchReport {
    /// The report as JSON, schema 2: every metric present, `null` with its reason in
    /// `notes` where a row cannot measure it, never 0. Schema 2 adds the spread of every
    /// timing, CPU time, wake-ups, the cost probes, and the model as predicted ÷ measured.
    /// A run of several client counts (`--clients 1,2,4,8`) has one entry in `scenarios` per
    /// swept scenario and count, and adds `clients_sweep` (``ClientSweep/json``); a run of
    /// one count has no `clients_sweep`. A scenario run at several list sizes has one entry
    /// per size, each with its `list_titles`, and adds `list_sizes` (``ListSizeSweep/json``).
    package func renderedJSON() -> String {
        var members: [(String, JSONValue)] = [
            ("schema", .integer(2)),
            ("date", .string(ISO8601DateFormatter().string(from: date))),
            ("machine", .object([
                ("cores", .integer(machine.cores)), ("os", .string(machine.os)), ("swift", .string(machine.swift)),
            ])),
            ("command", .string(command)),
            ("database", .string(database)),
            ("runs", .integer(runs)),
            ("seed", .string(String(seed))),
            ("meters", .bool(meters)),
            ("cost_probes_ns", .object([
                ("actor_hop", spread(model.hop)),
                ("queue_round_trip_empty", spread(model.emptyRoundTrip)),
                ("queue_round_trip_empty_cpu", spread(model.emptyRoundTripCPU)),
            ])),
            ("hop_oracles", .array(oracles.map { oracle in
                .object([
                    ("name", .string(oracle.name)), ("expected", .integer(Int(oracle.expected))),
                    ("measured", .integer(Int(oracle.measured))),
                ])
            })),
            ("scenarios", .array(scenarios.map { $0.json(model: model(of: $0)) })),
        ]
        let sweeps = clientSweeps
        if !sweeps.isEmpty { members.append(("clients_sweep", .array(sweeps.map(\.json)))) }
        let sizes = listSizeSweeps
        if !sizes.isEmpty { members.append(("list_sizes", .array(sizes.map(\.json)))) }
        return JSONValue.object(members).rendered() + "\n"
    }
}

/// `{median, min, max}`, or null.
package func spread(_ spread: BenchReport.Spread?) -> JSONValue {
    spread.map { .object([("median", .number($0.median)), ("min", .number($0.min)), ("max", .number($0.max))]) } ?? .null
}

extension BenchReport.ScenarioResult {
    package func json(model: CostModel) -> JSONValue {
        let schedule = scenario.definition.frames
        return .object([
            ("name", .string(scenario.rawValue)),
            ("operations", .integer(operations)),
            ("clients", .integer(clients)),
            ("list_titles", listTitles.map(JSONValue.integer) ?? .null),
            ("reference_checksum", .string(expectedChecksum.description)),
            ("list", schedule.map { .object([("frames_per_second", .integer($0.framesPerSecond)), ("titles", .integer($0.titles))]) } ?? .null),
            ("rows_not_run", .array(rowsNotRun.map { .object([("row", .string($0.name)), ("reason", .string($0.reason))]) })),
            ("outside_cost_model", outsideCostModel.map(JSONValue.string) ?? .null),
            ("cost_probes_ns", .object([
                ("queue_round_trip", spread(model.roundTrip)),
                ("queue_round_trip_cpu", spread(model.roundTripCPU)),
            ])),
            ("concurrent_probe", model.concurrentClients.map { clients in
                .object([("clients", .integer(clients)), ("cores_busy", spread(model.concurrentCoresBusy))])
            } ?? .null),
            ("rows", .array(rows.map { row in
                row.json(
                    predictedNanoseconds: predictedNanoseconds(for: row, model: model),
                    modelRatio: modelRatio(for: row, model: model),
                    dominantTerm: dominantTerm(for: row, model: model),
                    modelMissing: modelMissingReason(for: row),
                    spreadHidesRanking: spreadHidesRanking(of: row), rank: tier(of: row)
                )
            })),
        ])
    }
}

extension BenchReport.ScenarioResult {
    /// Why the model has no prediction for `row`.
    package func modelMissingReason(for row: BenchReport.RowResult) -> String {
        if let outsideCostModel { return "the cost model leaves \(scenario.rawValue) out: \(outsideCostModel)" }
        switch row.costModel {
        case .base: return "the row is a base of the cost model: the others are predicted from it"
        case .unpredicted(let reason): return "outside the cost model: \(reason)"
        case .predicted(let base):
            if self.row(base) == nil { return "its base row, \(base), did not run" }
            return "its hop count is missing (the counting pass did not run)"
        }
    }
}

extension BenchReport.RowResult {
    package func json(
        predictedNanoseconds: Double?, modelRatio: Double?, dominantTerm: String? = nil, modelMissing: String,
        spreadHidesRanking: Bool, rank: Int? = nil
    ) -> JSONValue {
        var notes = self.notes
        if modelRatio == nil {
            notes.append(("predicted_ns_per_op", modelMissing))
            notes.append(("model_ratio", modelMissing))
        }
        func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
        let latencyJSON: JSONValue = latency.map {
            .object([("p50", .number($0.p50)), ("p90", .number($0.p90)), ("p99", .number($0.p99))])
        } ?? .null
        let conditional: [(String, JSONValue)] = [
            ("expected_conditional_hops_per_op", number(expectedHopsPerOperation.map { $0.upperBound - $0.lowerBound })),
            ("conditional_hop_rate", number(conditionalHopRate)),
            ("conditional_hop_when", hopCondition.map(JSONValue.string) ?? .null),
        ]
        let fields: [(String, JSONValue)] = [
            ("row", .string(name)),
            ("kind", .string(kind.rawValue)),
            ("throughput", spread(throughput)),
            ("spread_hides_ranking", .bool(spreadHidesRanking)),
            ("rank", rank.map(JSONValue.integer) ?? .null),
            ("ns_per_op_by_round", .array(nanosecondsByRound.map(JSONValue.number))),
            ("cpu_us_per_op", spread(cpuMicroseconds)),
            ("wakeups_per_op", number(wakeupsPerOperation)),
            ("latency_us", latencyJSON),
            ("hops_per_op", number(hopsPerOperation)),
            ("expected_hops_per_op", number(expectedHopsPerOperation?.lowerBound)),
        ] + conditional + [
            ("expected_hops_why", .array(hopReasons.map(JSONValue.string))),
            ("enqueues_per_op", number(enqueuesPerOperation)),
            ("expected_enqueues_per_op", number(expectedEnqueuesPerOperation?.lowerBound)),
            ("expected_conditional_enqueues_per_op", number(expectedEnqueuesPerOperation.map { $0.upperBound - $0.lowerBound })),
            ("expected_enqueues_why", .array(enqueueReasons.map(JSONValue.string))),
            ("queue_dispatches_per_op", number(queueDispatchesPerOperation)),
            ("blocking_waits_per_op", number(blockingWaitsPerOperation)),
            ("allocations_per_op", number(allocationsPerOperation)),
            ("bytes_per_op", number(bytesPerOperation)),
            ("leaked_bytes_per_cycle", leakedBytesPerCycle.map { .integer(Int($0)) } ?? .null),
            ("leaked_objects", leakedObjects.map(JSONValue.integer) ?? .null),
            ("cycles", failure == nil ? .array(cycles.map(JSONValue.string)) : .null),
            ("model_base", modelBase.map { .string($0.rawValue) } ?? .null),
            ("predicted_ns_per_op", number(predictedNanoseconds)),
            ("model_ratio", number(modelRatio)),
            ("model_dominant_term", dominantTerm.map(JSONValue.string) ?? .null),
            ("checksum", checksum.map { .string($0.description) } ?? .null),
            ("checksum_ok", .bool(outcomeMatches)),
            ("notes", .object(notes.map { ($0.metric, JSONValue.string($0.reason)) })),
        ]
        // Only a row of a scenario with a list has its frames.
        return .object(fields + (frames.map { [("frames", $0.json)] } ?? []))
    }
}
