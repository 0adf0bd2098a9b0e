import Foundation
import RowKit
import Rows
import Testing
import Workload

/// The scenarios and the benchmarks the prose states, checked against the one place each is
/// kept: the workload's scenarios (`Scenario.allCases`) and the row catalog's pairs of a
/// scenario and the rows that run it (`RowCatalog.rowsByScenario`), from which the
/// regression benchmarks are made. A scenario or a row added to a catalog fails these tests
/// until the reference, the README and the benchmarks' README say so too.
@Suite("Prose and the scenario catalog")
struct ScenarioProseTests {
    @Test("The reference's scenario table lists every scenario of the workload, in order, by its name")
    func referenceScenarioTable() throws {
        let reference = try #require(Guide.text(at: "Docs/Reference.md"))
        let rows = CatalogProseTests.tableRows(of: reference, header: "| scenario | one operation | what it shows |")
        let documented = rows.map { $0[0] }
        let catalog = Scenario.allCases.map { "`\($0.rawValue)`" }
        #expect(documented == catalog, "the reference lists \(documented), the workload \(catalog)")
    }

    /// How the README's list of tables says each scenario: in a reader's words, not by name.
    static let readmeWords: [Scenario: String] = [
        .importBatch: "import", .pointRead: "point reads", .update: "updates", .mixed: "a mix",
        .chatty: "chatty calls", .sync: "keeping a view current",
        .uiDuringImport: "a list that renders at \(ScenarioPlan.uiFramesPerSecond) Hz during an import",
    ]

    @Test("The README's list of tables says every scenario of the workload, in order")
    func readmeScenarioList() throws {
        let readme = CatalogProseTests.joined(try #require(Guide.text(at: "README.md")))
        let opening = "One table per scenario ("
        let start = try #require(readme.range(of: opening), "README.md lists the tables of `make bench`")
        let end = try #require(readme[start.upperBound...].firstIndex(of: ")"))
        let listed = Self.items(String(readme[start.upperBound..<end]))
        let expected = Scenario.allCases.map { scenario in
            Self.readmeWords[scenario] ?? "(\(scenario.rawValue): give it words here and in the README)"
        }
        #expect(listed == expected, "README.md: \"\(opening)\(listed.joined(separator: ", ")))\"")
    }

    @Test("Benchmarks/README.md counts the benchmarks as the catalogs pair scenarios and rows")
    func benchmarkCounts() throws {
        let text = Self.words(try #require(Guide.text(at: "Benchmarks/README.md")))
        let pairs = RowCatalog.rowsByScenario
        let benchmarks = pairs.reduce(0) { $0 + $1.rows.count }
        let leftOut = pairs.filter { $0.rows.count < RowCatalog.all.count }
        let singleThreaded = RowCatalog.all.filter { !$0.concurrentClients }

        let layout = try Regex(#"(\w+) scenarios × (\w+) rows, less the (\w+) single-threaded rows in ([\w-]+) = (\w+) benchmarks"#)
        let match = try #require(text.firstMatch(of: layout), "the layout says how many benchmarks there are")
        let stated = (1...5).map { match.output[$0].substring.map(String.init) ?? "" }
        let place = "Benchmarks/README.md: \"\(match.output[0].substring ?? "")\""
        #expect(CatalogProseTests.number(Substring(stated[0])) == Scenario.allCases.count, "\(place): the workload has \(Scenario.allCases.count) scenarios")
        #expect(CatalogProseTests.number(Substring(stated[1])) == RowCatalog.all.count, "\(place): the catalog has \(RowCatalog.all.count) rows")
        #expect(
            leftOut.map { $0.scenario.rawValue } == [stated[3]],
            "\(place): the rows leave out scenarios \(leftOut.map { $0.scenario.rawValue }), not \(stated[3]) alone"
        )
        for (scenario, rows) in leftOut {
            let notRun = RowCatalog.all.filter { row in !rows.contains { $0.name == row.name } }
            #expect(
                notRun.map(\.name) == singleThreaded.map(\.name),
                "\(place): \(scenario.rawValue) leaves out \(notRun.map(\.name)); the single-threaded rows are \(singleThreaded.map(\.name))"
            )
            #expect(CatalogProseTests.number(Substring(stated[2])) == notRun.count, "\(place): \(notRun.count) rows do not run \(scenario.rawValue)")
        }
        #expect(CatalogProseTests.number(Substring(stated[4])) == benchmarks, "\(place): the catalogs make \(benchmarks) benchmarks")

    }

    @Test("The list reader splits a sentence's list at its commas and its last \"and\"")
    func listItems() {
        #expect(Self.items("import, point reads, and a mix") == ["import", "point reads", "a mix"])
        #expect(Self.items("import, point reads and a mix") == ["import", "point reads", "a mix"])
        #expect(Self.items("import") == ["import"])
    }

    // MARK: Helpers

    /// The items of a list in a sentence: "a, b, and c" or "a, b and c".
    static func items(_ list: String) -> [String] {
        var items = list.components(separatedBy: ", ").map { $0.trimmingCharacters(in: .whitespaces) }
        if let last = items.popLast() {
            let parts = last.hasPrefix("and ") ? [String(last.dropFirst(4))] : last.components(separatedBy: " and ")
            items += parts
        }
        return items
    }

    /// The text with every run of spaces and line breaks made one space: a sentence in a
    /// code block wraps with the block's indentation.
    static func words(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }
}
