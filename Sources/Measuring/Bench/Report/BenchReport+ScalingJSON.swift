// MARK: - Throughput by clients: JSON

extension BenchReport.ClientSweep {
    /// One entry of the report's `clients_sweep`, present only when `--clients` names more
    /// than one count:
    ///
    /// - `scenario`, and `clients`: the counts, ascending;
    /// - `scaling_clients`: `{from, to}`, the fewest and the most clients, whose throughputs
    ///   each row's `scaling` divides (`to` over `from`);
    /// - `rows`: per row, its `row`, `kind`, `concurrent_clients` (false for a row that runs
    ///   its clients in turn), `cells` (per count: `clients`, `ops_per_s`, the median of the
    ///   timed runs or `null` where the row failed, and `checksum_ok`) and `scaling` (`null`
    ///   where either end failed).
    ///
    /// Every other figure of a count is in its entry of `scenarios`, which has its `clients`.
    package var json: JSONValue {
        .object([
            ("scenario", .string(scenario.rawValue)),
            ("clients", .array(counts.map(JSONValue.integer))),
            ("scaling_clients", .object([
                ("from", counts.first.map(JSONValue.integer) ?? .null), ("to", counts.last.map(JSONValue.integer) ?? .null),
            ])),
            ("rows", .array(lines.map { line in
                .object([
                    ("row", .string(line.name)),
                    ("kind", .string(line.kind.rawValue)),
                    ("concurrent_clients", .bool(line.concurrentClients)),
                    ("cells", .array(counts.indices.map { index in
                        .object([
                            ("clients", .integer(counts[index])),
                            ("ops_per_s", line.throughput[index].map(JSONValue.number) ?? .null),
                            ("checksum_ok", .bool(line.outcomeMatches[index])),
                        ])
                    })),
                    ("scaling", line.scaling.map(JSONValue.number) ?? .null),
                ])
            })),
        ])
    }
}
