import Foundation

// MARK: - JSON (schema 1)

extension BenchReport {
    /// The report as JSON, schema 1 of DESIGN.md.
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
            ("scenarios", .array(scenarios.map(\.json))),
        ])
        return root.rendered() + "\n"
    }
}

extension BenchReport.ScenarioResult {
    var json: JSONValue {
        .object([
            ("name", .string(scenario.rawValue)),
            ("operations", .integer(operations)),
            ("clients", .integer(clients)),
            ("reference_checksum", .string(expectedChecksum.description)),
            ("rows", .array(rows.map(\.json))),
        ])
    }
}

extension BenchReport.RowResult {
    /// Metrics the harness does not measure yet, each with the reason it is null.
    static let unmeasured: [(metric: String, reason: String)] = [
        ("latency_us", "per-operation latency histograms are not measured yet"),
        ("hops_per_op", "the actor-hop meter is not built yet"),
        ("expected_hops_per_op", "expected hops are declared together with the hop meter"),
        ("allocations_per_op", "the jemalloc allocation meter is not built yet"),
        ("bytes_per_op", "the jemalloc allocation meter is not built yet"),
        ("leaked_bytes", "the leak meter is not built yet"),
        ("leaked_objects", "the live-object registry is not built yet"),
        ("cycles", "the retain-cycle detector is not built yet"),
    ]

    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("row", .string(name)),
            ("kind", .string(kind.rawValue)),
            ("throughput", throughput.map {
                .object([("median", .number($0.median)), ("min", .number($0.min)), ("max", .number($0.max))])
            } ?? .null),
            ("queue_dispatches_per_op", queueDispatchesPerOperation.map(JSONValue.number) ?? .null),
        ]
        members += Self.unmeasured.map { ($0.metric, .null) }
        members.append(("checksum", checksum.map { .string($0.description) } ?? .null))
        members.append(("checksum_ok", .bool(outcomeMatches)))
        var notes = Self.unmeasured.map { ($0.metric, JSONValue.string($0.reason)) }
        if let failure { notes.append(("error", .string(failure))) }
        members.append(("notes", .object(notes)))
        return .object(members)
    }
}
