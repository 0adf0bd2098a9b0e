import Rows
import Foundation
import Bench
import Testing
import Workload

@testable import Demos
@testable import WorkshopChecks

/// Counts and mappings the prose states, checked against the one place each is kept: the
/// demo catalog for the lessons, the exercise catalog for the exercises, the row catalog for
/// the rows. A lesson added to a catalog fails these tests until the prose says so too; the
/// tables that list rows, scenarios and exercises are generated (GeneratedTextTests).
@Suite("Prose and catalogs")
struct CatalogProseTests {
    /// The pages a reader sees, where the prose states counts.
    static let pages = ["README.md"] + Guide.markdownPaths.filter { $0 != "Docs/Results.md" }

    /// How the prose writes a count: a word up to twenty, or digits.
    static func number(_ word: Substring) -> Int? {
        let words = [
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
            "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
        ]
        return words.firstIndex(of: word.lowercased()) ?? Int(word)
    }

    /// Every count the pages state with `pattern`, whose first capture is the number: page,
    /// line and value.
    static func counts(_ pattern: String) throws -> [(place: String, value: Int?)] {
        let regex = try Regex(pattern).ignoresCase()
        var found: [(String, Int?)] = []
        for path in pages {
            guard let text = Guide.text(at: path) else { continue }
            // A sentence may wrap: join each paragraph's lines before matching.
            let paragraphs = text.components(separatedBy: "\n\n")
            for paragraph in paragraphs {
                let joined = paragraph.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
                for match in joined.matches(of: regex) {
                    guard let word = match.output[1].substring else { continue }
                    found.append(("\(path): \"\(joined[match.range])\"", number(word)))
                }
            }
        }
        return found
    }

    /// Expects every count the pages state with `pattern` to be `expected`, and returns the
    /// counts found, for a test that asks how many there are. `keep` leaves out a place
    /// where the words mean something else.
    @discardableResult
    static func expectCounts(
        _ pattern: String, equal expected: Int?, _ why: String = "", keep: (String) -> Bool = { _ in true },
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [(place: String, value: Int?)] {
        let found = try counts(pattern).filter { keep($0.place) }
        for (place, value) in found {
            #expect(value == expected, "\(place)\(why.isEmpty ? "" : ": " + why)", sourceLocation: sourceLocation)
        }
        return found
    }

    static let demos = DemoCatalog.all
    static let fromArticles = demos.filter { !$0.source.hasPrefix("SE-") && $0.source != Article.beyondTheArticles }
    static let fromProposals = demos.filter { $0.source.hasPrefix("SE-") }
    static let beyondArticles = demos.filter { $0.source == Article.beyondTheArticles }

    @Test("Every row identifier declared is a row of the catalog, so a row cannot be declared and left out of the table")
    func rowIdentifiersAreCatalogued() throws {
        // Declared in RowID.swift, or by a row beside its repository; the planted rows, which
        // no table shows, are the catalog's too (RowCatalog.planted).
        let regex = try Regex(#"= RowID\("([a-z-]+)"\)"#)
        let declared = Guide.codePaths.filter { $0.hasPrefix("Sources/") }.flatMap { path in
            (Guide.text(at: path) ?? "").matches(of: regex).compactMap { $0.output[1].substring.map(String.init) }
        }
        #expect(declared.count > RowCatalog.all.count / 2)
        let listed = (RowCatalog.all + RowCatalog.planted).map(\.id.rawValue)
        #expect(Set(declared).subtracting(listed).isEmpty, "declared but not in RowCatalog.all: \(Set(declared).subtracting(listed).sorted())")
    }

    @Test("Every \"the N lessons\" in the prose is the demo catalog's count")
    func lessonCount() throws {
        let found = try Self.expectCounts(
            #"\bthe (\w+) lessons\b"#, equal: Self.demos.count, "the catalog has \(Self.demos.count) lessons",
            keep: { !$0.lowercased().contains("the first ") }
        )
        #expect(found.count >= 5, "the pages state the count of lessons in several places")
    }

    @Test("The lessons' sources are counted as the demos name them: articles, proposals, beyond the articles")
    func lessonSources() throws {
        try Self.expectCounts(
            #"(\w+) (?:of the \w+ )?lessons come from five"#, equal: Self.fromArticles.count,
            "\(Self.fromArticles.count) demos name one of the five articles"
        )
        try Self.expectCounts(
            #"(\w+) from Swift Evolution proposals"#, equal: Self.fromProposals.count, "\(Self.fromProposals.count) demos name a proposal"
        )
        try Self.expectCounts(
            #"(\w+) from what Core Data and SwiftData do beyond"#, equal: Self.beyondArticles.count,
            "\(Self.beyondArticles.count) demos go beyond the articles"
        )
        let beyond = Self.beyondArticles.map { $0.lesson }
        // "Lessons 15 to 17 and 19 show what …", "four (15 to 17 and 19) from what …".
        let lists = try Self.lessonLists(#"Lessons ([\d ,toand]+?) show what Core Data and SwiftData do beyond"#)
            + Self.lessonLists(#"\(([\d ,toand]+?)\) from what Core Data and SwiftData do beyond"#)
        #expect(lists.count >= 2, "the reference and Start here list the lessons beyond the articles")
        for (place, lessons) in lists {
            #expect(lessons == beyond, "\(place): the demos beyond the articles are lessons \(beyond)")
        }
    }

    /// Every list of lessons the pages state with `pattern`, whose first capture is the list
    /// ("15 to 17 and 19"), expanded: page and line, and the lessons in order.
    static func lessonLists(_ pattern: String) throws -> [(place: String, lessons: [Int])] {
        let regex = try Regex(pattern)
        var found: [(String, [Int])] = []
        for path in pages {
            guard let text = Guide.text(at: path) else { continue }
            for match in joined(text).matches(of: regex) {
                guard let list = match.output[1].substring else { continue }
                found.append(("\(path): \"\(match.output[0].substring ?? "")\"", expand(String(list))))
            }
        }
        return found
    }

    /// [15, 16, 17, 19] from "15 to 17 and 19"; [13, 14, 18] from "13, 14 and 18".
    static func expand(_ list: String) -> [Int] {
        list.replacingOccurrences(of: " and ", with: ", ").split(separator: ",").flatMap { part -> [Int] in
            let bounds = part.split(separator: " ").filter { $0 != "to" }.compactMap { Int($0) }
            guard let first = bounds.first, let last = bounds.last, first <= last else { return [] }
            return Array(first...last)
        }
    }

    @Test("Every count of the exercises in the prose is the exercise catalog's")
    func exerciseCount() throws {
        // The pages mostly say "the graded exercises", so that a new one needs no edit; a
        // count a page does state must be right.
        for (place, value) in try Self.counts(#"\b(\w+) (?:graded exercises|small files)\b"#) where value != nil {
            #expect(value == ExerciseCatalog.all.count, "\(place): the catalog has \(ExerciseCatalog.all.count) exercises")
        }
    }

    @Test("Start here's lesson table gives each lesson the demo and the chapter the demo catalog gives it")
    func lessonTable() throws {
        let text = try #require(Guide.text(at: "Docs/LabGuide.docc/StartHere.md"))
        let rows = Self.tableRows(of: text, header: "| # | lesson | chapter | demo |")
        let lessons = rows.compactMap { Int($0[0]) }
        let catalog = Self.demos.map { $0.lesson }
        #expect(lessons == catalog, "one row per demo, in lesson order")
        for row in rows {
            guard let lesson = Int(row[0]), let demo = Self.demos.first(where: { $0.lesson == lesson }) else { continue }
            #expect(row[3] == "`\(demo.name)`", "lesson \(lesson)")
            #expect(Self.chapterName(inLink: row[2]) == Self.chapterName(ofPath: demo.chapter), "lesson \(lesson): \(row[2])")
        }
        let reference = try #require(Guide.text(at: "Docs/Reference.md"))
        let order = "The demos, in lesson order: " + Self.demos.map { "`\($0.name)`" }.joined(separator: ", ")
        #expect(Self.joined(reference).contains(order), "the reference lists the demos in the catalog's order")
    }

    @Test("The rows the prose says the cost model leaves out are the rows the catalog leaves out")
    func rowsOutsideTheModel() throws {
        let outside = RowCatalog.all.filter { if case .unpredicted = $0.costModel { true } else { false } }.map(\.name)
        try Self.expectCounts(#"(\w+) rows do other work than a base"#, equal: outside.count)
        try Self.expectCounts(#"The (\w+) whose work is not a base's"#, equal: outside.count)
        let reference = Self.joined(try #require(Guide.text(at: "Docs/Reference.md")))
        let named = outside.map { "`\($0)`" }
        let list = named.dropLast().joined(separator: ", ") + " and " + (named.last ?? "")
        #expect(reference.contains("so the model leaves them out: \(list)."), "the reference names \(list)")
    }

    @Test("Every lesson's chapter links the fidelity chapter, and Start here does too")
    func lessonsLinkFidelity() throws {
        let chapters = Set(Self.demos.map { "Docs/LabGuide.docc/" + Self.chapterName(ofPath: $0.chapter) + ".md" })
        for path in chapters.sorted() + ["Docs/LabGuide.docc/StartHere.md"] {
            let text = try #require(Guide.text(at: path), "\(path)")
            #expect(text.contains("](doc:Fidelity"), "\(path) does not link True to Core Data and SwiftData")
        }
    }

    @Test("Docs/README.md lists every chapter of the guide")
    func readmeListsEveryChapter() throws {
        let readme = try #require(Guide.text(at: "Docs/README.md"))
        let chapters = Guide.markdownPaths.filter { Guide.isChapter($0) && !$0.hasSuffix("/LabGuide.md") }
        for chapter in chapters {
            let link = "](" + chapter.dropFirst("Docs/".count) + ")"
            #expect(readme.contains(link), "Docs/README.md does not link \(chapter)")
        }
    }

    // MARK: Helpers

    /// The cells of each row of the table under `header`, trimmed, without the outer bars.
    static func tableRows(of text: String, header: String) -> [[String]] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: header) else { return [] }
        return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// "QueuePerform" from `[Queue-perform](doc:QueuePerform#The-debug-trap)` or from
    /// `[Queue-perform](LabGuide.docc/QueuePerform.md#the-debug-trap)`.
    static func chapterName(inLink cell: String) -> String? {
        guard let open = cell.range(of: "](") else { return nil }
        var target = cell[open.upperBound...].prefix { $0 != ")" && $0 != "#" }
        if target.hasPrefix("doc:") { target = target.dropFirst(4) }
        return chapterName(ofPath: String(target))
    }

    /// "QueuePerform" from "Docs/LabGuide.docc/QueuePerform.md#the-debug-trap".
    static func chapterName(ofPath path: String) -> String {
        let file = path.split(separator: "#").first.map(String.init) ?? path
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return name.hasSuffix(".md") ? String(name.dropLast(3)) : name
    }

    /// The text with each paragraph's lines joined by a space.
    static func joined(_ text: String) -> String {
        text.components(separatedBy: "\n\n")
            .map { $0.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") }
            .joined(separator: "\n\n")
    }
}
