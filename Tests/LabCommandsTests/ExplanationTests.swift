import TestSupport
import Testing

/// Each scenario's paragraph under its table in Results.md is written from that scenario's
/// own rows: what grdb does there, and, in sync, which rows merge and which fetch again.
@Suite("What explains each scenario")
struct ExplanationTests {
    /// The paragraph after the table of each scenario, by scenario name.
    static func paragraphs(of markdown: String) -> [String: String] {
        var result: [String: String] = [:]
        for section in markdown.components(separatedBy: "\n## ").dropFirst() {
            let lines = section.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            guard let name = lines.first, let table = lines.lastIndex(where: { $0.hasPrefix("|") }),
                  table + 1 < lines.count else { continue }
            result[name] = lines[table + 1]
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
        #expect(paragraphs.keys.sorted() == ["chatty", "import", "mixed", "point-read", "sync", "update"])

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
    }
}
