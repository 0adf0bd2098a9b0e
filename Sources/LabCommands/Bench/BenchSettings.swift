import Workload

// MARK: - BenchSettings

/// What one `lab bench` run measures, with every default resolved.
struct BenchSettings: Sendable {
    var scenarios: [Scenario]
    var rows: [RowDescriptor]
    /// Measured operations per run; nil means each scenario's default.
    var operations: Int?
    /// Client tasks; nil means each scenario's default.
    var clients: Int?
    var runs: Int
    var seed: UInt64
    var quick: Bool
    /// Hops, latency and allocations are metered; off only to measure what the meters cost.
    var meters: Bool
    var database: BenchDatabase.Location
    /// The command as typed, for the report.
    var commandLine: String

    func operations(for scenario: Scenario) -> Int {
        operations ?? (quick ? max(1, scenario.defaultOperations / 10) : scenario.defaultOperations)
    }

    func clients(for scenario: Scenario) -> Int {
        clients ?? scenario.defaultClients
    }

    /// Operations of the unmeasured warm-up run that precedes a row's measured runs.
    func warmUpOperations(for scenario: Scenario) -> Int {
        max(1, operations(for: scenario) / 10)
    }
}
