import Foundation
import Support
import Workload

// MARK: - Baseline

/// A saved run (`lab bench --format json`, or the Results.json of `--docs`) that this run is
/// compared with: `lab bench --baseline FILE`, as package-benchmark's `baseline compare`.
package struct Baseline: Sendable {
    /// A row of a saved scenario.
    struct SavedRow: Sendable {
        var throughput: BenchReport.Spread
        /// Each round's time per operation, when the saved run recorded it.
        var nanosecondsByRound: [Double]
    }

    /// A scenario of the saved run, with the settings that make it comparable.
    struct SavedScenario: Sendable {
        var operations: Int
        var clients: Int
        var rows: [String: SavedRow]
    }

    /// The file, as the command line named it.
    var path: String
    var date: String
    var machine: String
    var swift: String
    var seed: String
    var database: String
    /// By the scenario's name and client count.
    var scenarios: [String: SavedScenario]

    /// Reads the saved run at `path`, or says in one line why it cannot be compared with.
    package init(contentsOf path: String) throws(LabError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .data("cannot read --baseline '\(path.shown)': \((error as NSError).localizedDescription)")
        }
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              root["schema"] as? Int == 2, let machine = root["machine"] as? [String: Any],
              let scenarios = root["scenarios"] as? [[String: Any]]
        else {
            throw .data("--baseline '\(path.shown)' is not a saved lab bench run (the JSON of --format json or --docs, schema 2)")
        }
        self.path = path
        date = root["date"] as? String ?? "an unknown date"
        self.machine = "\(machine["cores"] as? Int ?? 0) cores, \(machine["os"] as? String ?? "?")"
        swift = machine["swift"] as? String ?? "?"
        seed = "\(root["seed"] ?? "?")"
        database = root["database"] as? String ?? "?"
        var saved: [String: SavedScenario] = [:]
        for scenario in scenarios {
            guard let name = scenario["name"] as? String, let operations = scenario["operations"] as? Int,
                  let clients = scenario["clients"] as? Int, let rows = scenario["rows"] as? [[String: Any]]
            else {
                throw .data("--baseline '\(path.shown)' has a scenario without its name, operations, clients or rows")
            }
            var savedRows: [String: SavedRow] = [:]
            for row in rows {
                guard let id = row["row"] as? String, let spread = row["throughput"] as? [String: Double],
                      let median = spread["median"], let least = spread["min"], let most = spread["max"]
                else { continue }  // a row that failed in the saved run has nothing to compare with
                savedRows[id] = SavedRow(
                    throughput: BenchReport.Spread(median: median, min: least, max: most),
                    nanosecondsByRound: row["ns_per_op_by_round"] as? [Double] ?? []
                )
            }
            saved[Self.key(name, clients, listTitles: scenario["list_titles"] as? Int)] = SavedScenario(operations: operations, clients: clients, rows: savedRows)
        }
        self.scenarios = saved
    }

    /// A saved scenario's key: its name, clients and, where it reads lists, their titles.
    static func key(_ scenario: String, _ clients: Int, listTitles: Int? = nil) -> String {
        "\(scenario)@\(clients)" + (listTitles.map { "/\($0)" } ?? "")
    }
}

// MARK: - Comparing with it

extension BenchReport {
    /// This run against `baseline`: first what differs between the two runs' settings, then,
    /// per scenario, each row's ops/s over its saved ops/s and whether that holds beyond the
    /// runs' spread.
    ///
    /// Two runs' rounds are not paired, so a row is judged by its time per operation over
    /// raw-sqlite's in the same round, which takes out how busy the machine was in that round:
    /// faster when every round of this run is below every round of the saved one, slower when
    /// every one is above. Without raw-sqlite or the rounds in both, the ops/s ranges decide.
    package func comparison(with baseline: Baseline) -> [String] {
        var lines = ["Against the baseline \(baseline.path.shown) (\(baseline.date)):"]
        var differences: [String] = []
        let here = "\(machine.cores) cores, \(machine.os)"
        if here != baseline.machine { differences.append("the machine (\(baseline.machine), now \(here))") }
        if machine.swift != baseline.swift { differences.append("Swift (\(baseline.swift), now \(machine.swift))") }
        if "\(seed)" != baseline.seed { differences.append("the seed (\(baseline.seed), now \(seed))") }
        if database != baseline.database { differences.append("the database (\(baseline.database), now \(database))") }
        if !differences.isEmpty {
            lines.append("  The runs differ in " + differences.joined(separator: "; ") + ": the ratios below mix that in.")
        }
        for scenario in scenarios {
            let name = title(of: scenario)
            guard let saved = baseline.scenarios[Baseline.key(scenario.scenario.rawValue, scenario.clients, listTitles: scenario.listTitles)] else {
                lines.append("  \(name): not in the baseline.")
                continue
            }
            if saved.operations != scenario.operations {
                lines.append("  \(name): \(saved.operations) operations per run then, \(scenario.operations) now.")
            }
            let savedRaw = saved.rows[RowID.rawSQLite.rawValue]
            for row in scenario.rows {
                guard let now = row.throughput, let then = saved.rows[row.name] else { continue }
                let ratio = Format.decimal(now.median / then.throughput.median, digits: 2)
                let verdict = Self.verdict(row: row, raw: scenario.reference, saved: then, savedRaw: savedRaw)
                lines.append("  \(name) · \(row.name): \(ratio)× its saved ops/s, \(verdict)")
            }
        }
        return lines
    }

    /// Whether `row` is faster, slower or not told apart from its saved self.
    static func verdict(row: RowResult, raw: RowResult?, saved: Baseline.SavedRow, savedRaw: Baseline.SavedRow?) -> String {
        func normalized(_ times: [Double], by reference: [Double]) -> [Double] {
            zip(times, reference).map { $0 / $1 }
        }
        let rounds = BenchReport.ScenarioResult.roundsToOrder
        if let raw, let savedRaw, row.id != .rawSQLite,
           min(row.nanosecondsByRound.count, raw.nanosecondsByRound.count) >= rounds,
           min(saved.nanosecondsByRound.count, savedRaw.nanosecondsByRound.count) >= rounds {
            let now = normalized(row.nanosecondsByRound, by: raw.nanosecondsByRound)
            let then = normalized(saved.nanosecondsByRound, by: savedRaw.nanosecondsByRound)
            if let nowMax = now.max(), let thenMin = then.min(), nowMax < thenMin { return "faster in every round, relative to raw-sqlite" }
            if let nowMin = now.min(), let thenMax = then.max(), nowMin > thenMax { return "slower in every round, relative to raw-sqlite" }
            return "not told apart (relative to raw-sqlite, the rounds overlap)"
        }
        guard let now = row.throughput else { return "not measured" }
        // Fewer rounds than an order needs within one run judge nothing between two.
        if row.nanosecondsByRound.count < rounds || saved.nanosecondsByRound.count < rounds && !saved.nanosecondsByRound.isEmpty {
            return "too few rounds to judge (at least \(rounds) in each run)"
        }
        let reference = row.id == .rawSQLite ? " (the reference: its change is the machine's as much as the code's)" : ""
        if now.min > saved.throughput.max { return "faster: the ranges of the runs do not overlap" + reference }
        if now.max < saved.throughput.min { return "slower: the ranges of the runs do not overlap" + reference }
        return "not told apart (the ranges of the runs overlap)" + reference
    }
}
