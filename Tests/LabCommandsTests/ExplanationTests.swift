import TestSupport
import Testing
import Workload

/// Each scenario's paragraph under its table in Results.md is written from that scenario's
/// own rows: what grdb does there, and, in sync, which rows merge and which fetch again.
@Suite("What explains each scenario")
struct ExplanationTests {
    /// The paragraph after the first table of each scenario (a scenario with a list has its
    /// frames table further down), by scenario name.
    static func paragraphs(of markdown: String) -> [String: String] {
        var result: [String: String] = [:]
        for section in markdown.components(separatedBy: "\n## ").dropFirst() {
            let lines = section.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            guard let name = lines.first, let start = lines.firstIndex(where: { $0.hasPrefix("|") }) else { continue }
            let end = lines[start...].firstIndex { !$0.hasPrefix("|") } ?? lines.endIndex
            guard end < lines.count else { continue }
            result[name] = lines[end]
        }
        return result
    }

    @Test("grdb's import is explained by its write, its reads by their re-prepared statements, and sync's rows by what they do")
    func eachParagraphNamesItsOwnWork() async throws {
        let result = try await LabExecutable.run([
            "bench", "--operations", "20", "--runs", "1", "--database", "memory", "--format", "markdown", "--no-progress",
            "--no-meters", "--pattern", "raw-sqlite", "--pattern", "store-sync", "--pattern", "queue-perform",
            "--pattern", "custom-executor", "--pattern", "actor-per-object", "--pattern", "grdb",
        ])
        #expect(result.exitStatus == 0, "\(result.output)")
        let paragraphs = Self.paragraphs(of: result.standardOutput)
        let lists = Scenario.listRead.definition.listSizes.map { "list-read of \(ScenarioPlan.titles($0))" }
        #expect(paragraphs.keys.sorted() == (["chatty", "import", "mixed", "point-read", "sync", "ui-during-import", "update"] + lists).sorted())
        // No save to merge in list-read: the store is compared with the SQL, not with a fetch after each save.
        #expect(try #require(paragraphs["list-read of 100 titles"]).hasPrefix("raw-sqlite does one operation's SQL in "))

        let importText = try #require(paragraphs["import"])
        #expect(importText.contains("grdb takes"))
        #expect(importText.contains("`write` transaction"))
        #expect(!importText.contains("read-only"), "an import is a write: no read explains it")
        #expect(try #require(paragraphs["point-read"]).contains("read-only transaction"))
        #expect(try #require(paragraphs["chatty"]).contains("each of the four property reads"))
        #expect(!(try #require(paragraphs["update"])).contains("prepared again because"))

        let sync = try #require(paragraphs["sync"])
        #expect(sync.contains("store-sync, queue-perform and custom-executor name their store container"))
        #expect(sync.contains("raw-sqlite, actor-per-object and grdb have no change notification to merge"))
        #expect(sync.contains("of store-sync's speed"), "the merging patterns are compared with the base that merges")
        #expect(sync.contains("actor-per-object "), "a row that fetches again is compared with raw-sqlite")

        // raw-sqlite is not in ui-during-import: nothing there is compared with it, and the
        // list's frames are.
        let ui = try #require(paragraphs["ui-during-import"])
        #expect(ui.hasPrefix("One operation writes a thousand notes in one transaction"))
        #expect(!ui.contains("raw-sqlite does one operation's SQL"))
        #expect(ui.contains("grdb takes"))
        #expect(ui.contains("The list missed the fewest frames with "))
        #expect(result.standardOutput.contains("\nraw-sqlite and store-sync are not in ui-during-import: "))
    }
}
