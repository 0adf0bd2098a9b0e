import Foundation
import Harness

// MARK: - JSON (schema 1)

extension BenchReport {
    /// The report as JSON, schema 1 of DESIGN.md: every metric present, `null` with its
    /// reason in `notes` where a row cannot measure it, never 0.
    func renderedJSON() -> String {
        let root: JSONValue = .object([
            ("schema", .integer(1)),
            ("date", .string(ISO8601DateFormatter().string(from: date))),
            ("machine", .object([
                ("cores", .integer(machine.cores)), ("os", .string(machine.os)), ("swift", .string(machine.swift)),
            ])),
            ("command", .string(command)),
            ("database", .string(database)),
            ("runs", .integer(runs)),
            ("seed", .string(String(seed))),
            ("meters", .bool(meters)),
            ("hop_costs_ns", .object([
                ("actor_hop", .number(costs.actorHopNanoseconds)),
                ("queue_dispatch", .number(costs.queueDispatchNanoseconds)),
            ])),
            ("hop_oracles", .array(oracles.map { oracle in
                .object([
                    ("name", .string(oracle.name)), ("expected", .integer(Int(oracle.expected))),
                    ("measured", .integer(Int(oracle.measured))),
                ])
            })),
            ("scenarios", .array(scenarios.map { $0.json(costs: costs) })),
        ])
        return root.rendered() + "\n"
    }
}

extension BenchReport.ScenarioResult {
    func json(costs: HopCosts) -> JSONValue {
        .object([
            ("name", .string(scenario.rawValue)),
            ("operations", .integer(operations)),
            ("clients", .integer(clients)),
            ("reference_checksum", .string(expectedChecksum.description)),
            ("rows", .array(rows.map { row in
                row.json(
                    predictedNanoseconds: predictedNanoseconds(for: row, costs: costs),
                    modelError: modelError(for: row, costs: costs)
                )
            })),
        ])
    }
}

extension BenchReport.RowResult {
    func json(predictedNanoseconds: Double?, modelError: Double?) -> JSONValue {
        func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
        return .object([
            ("row", .string(name)),
            ("kind", .string(kind.rawValue)),
            ("throughput", throughput.map {
                .object([("median", .number($0.median)), ("min", .number($0.min)), ("max", .number($0.max))])
            } ?? .null),
            ("latency_us", latency.map {
                .object([("p50", .number($0.p50)), ("p90", .number($0.p90)), ("p99", .number($0.p99))])
            } ?? .null),
            ("hops_per_op", number(hopsPerOperation)),
            ("expected_hops_per_op", number(expectedHopsPerOperation?.upperBound)),
            ("expected_hops_min_per_op", number(expectedHopsPerOperation?.lowerBound)),
            ("expected_hops_why", .array(hopReasons.map(JSONValue.string))),
            ("queue_dispatches_per_op", number(queueDispatchesPerOperation)),
            ("allocations_per_op", number(allocationsPerOperation)),
            ("bytes_per_op", number(bytesPerOperation)),
            ("leaked_bytes", leakedBytes.map { .integer(Int($0)) } ?? .null),
            ("leaked_objects", leakedObjects.map(JSONValue.integer) ?? .null),
            ("cycles", failure == nil ? .array(cycles.map(JSONValue.string)) : .null),
            ("predicted_ns_per_op", number(predictedNanoseconds)),
            ("model_error", number(modelError)),
            ("checksum", checksum.map { .string($0.description) } ?? .null),
            ("checksum_ok", .bool(outcomeMatches)),
            ("notes", .object(notes.map { ($0.metric, JSONValue.string($0.reason)) })),
        ])
    }
}
