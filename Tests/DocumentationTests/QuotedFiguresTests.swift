import Foundation
import Testing

/// Every figure the guide quotes from a run is marked with the place of the committed run
/// it quotes, on a line of its own right above the paragraph, list or table that uses it:
///
///     <!-- figure: ui-during-import | reader-pool | missed = 12 (2.9%) -->
///     <!-- figure: run = an actor hop 53 ns -->
///
/// The first form is a table cell: the section (a `##` heading of `Docs/Results.md`), the
/// row (the table's first cell) and the column (its header), then the cell's text. The
/// second form is text the section holds word for word; the section `run` is the lines
/// above the first heading (the date, the machine, the probed costs). These tests fail
/// when the committed run says something else, and when the block below a marker does not
/// show the marker's numbers. `make results` writes a new run: the test then names every
/// figure to write again.
@Suite("Quoted figures")
struct QuotedFiguresTests {
    static let pages = ["README.md"] + Guide.markdownPaths.filter { $0 != "Docs/Results.md" }

    @Test("Every figure quoted from a run is the committed run's", arguments: pages)
    func figuresMatchTheCommittedRun(path: String) throws {
        let results = try #require(Guide.text(at: "Docs/Results.md").map(ResultsFile.init(text:)))
        let text = try #require(Guide.text(at: path))
        for quote in QuotedFigure.all(in: text) {
            let place = "\(path):\(quote.line): \(quote.marker)"
            switch results.check(quote) {
            case .success: break
            case .failure(let problem): Issue.record("\(place): \(problem) (Docs/Results.md of \(results.date))")
            }
            let shown = QuotedFigure.numbers(in: quote.block)
            for number in QuotedFigure.numbers(in: quote.value) where !shown.contains(number) {
                Issue.record("\(place): the text below it does not show \(number)")
            }
        }
    }

    @Test("The guide marks its figures: the chapters that quote runs have markers")
    func chaptersHaveMarkers() {
        for path in ["Docs/LabGuide.docc/ReadsThatDoNotWait.md", "Docs/LabGuide.docc/WhichPattern.md",
                     "Docs/LabGuide.docc/WhereTheTimeGoes.md"] {
            let count = Guide.text(at: path).map { QuotedFigure.all(in: $0).count } ?? 0
            #expect(count > 0, "\(path) quotes the results with no marker")
        }
    }

    @Test("Results.json, when committed, comes from the same run as Results.md")
    func jsonMatchesMarkdown() throws {
        guard let json = Guide.text(at: "Docs/Results.json") else { return }
        let results = try #require(Guide.text(at: "Docs/Results.md").map(ResultsFile.init(text:)))
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(object?["date"] as? String == results.date, "Results.json and Results.md are from different runs")
    }

    @Test("The marker reader finds cells and text, and tells a stale figure from a current one")
    func readerSelfCheck() {
        let results = ResultsFile(text: """
            # Results

            - date: 2026-01-01T00:00:00Z
            - probed costs: an actor hop 53 ns (43–191)

            ## point-read

            | row | ops/s | × raw |
            |:---|---:|---:|
            | raw-sqlite | 378,622 | 1.00 |
            | queue-perform | 25,404 | 0.07 |
            """)
        let page = """
            Some text.

            <!-- figure: point-read | queue-perform | × raw = 0.07 -->
            <!-- figure: run = an actor hop 53 ns -->
            queue-perform kept 0.07 of raw-sqlite's speed,
            and a hop cost 53 ns.

            <!-- figure: point-read | queue-perform | ops/s = 44,823 -->
            44,823 operations a second.
            """
        let quotes = QuotedFigure.all(in: page + "\n\n    <!-- figure: run = shown, not checked -->\n")
        #expect(results.date == "2026-01-01T00:00:00Z")
        #expect(quotes.map(\.line) == [3, 4, 8])
        #expect(quotes.map(\.value) == ["0.07", "an actor hop 53 ns", "44,823"])
        #expect(quotes[0].block == ["queue-perform kept 0.07 of raw-sqlite's speed,", "and a hop cost 53 ns."])
        #expect(results.check(quotes[0]) == .success)
        #expect(results.check(quotes[1]) == .success)
        #expect(results.check(quotes[2]) == .failure("quotes 44,823; the committed run has 25,404"))
        #expect(QuotedFigure.numbers(in: "12 (2.9%) of 417, 0.17–0.22×") == ["12", "2.9", "417", "0.17", "0.22"])
        let missing = QuotedFigure(marker: "", line: 1, section: "point-read", row: "grdb", column: "ops/s", value: "1", block: [])
        #expect(results.check(missing) == .failure("point-read has no row grdb with a column ops/s"))
    }
}

// MARK: - QuotedFigure

/// A `<!-- figure: … -->` marker and the block of text below it.
struct QuotedFigure {
    var marker: String
    /// The 1-based line of the marker.
    var line: Int
    var section: String
    /// The row and column of a table cell; nil for text the section holds word for word.
    var row: String?
    var column: String?
    /// The cell's text, or the words the section holds.
    var value: String
    /// The lines below the marker and the markers stacked with it, up to a blank line.
    var block: [String]

    /// Every marker in `text`, in order.
    static func all(in text: String) -> [QuotedFigure] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [QuotedFigure] = []
        var inFence = false
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") { inFence.toggle() }
            // A marker shown as an example, in a fenced or an indented code block, is not one.
            let indentation = line.prefix { $0 == " " }.count
            guard !inFence, indentation < 4, trimmed.hasPrefix("<!-- figure:"), trimmed.hasSuffix("-->") else { continue }
            let body = trimmed.dropFirst("<!-- figure:".count).dropLast("-->".count)
            guard let equals = body.range(of: " = ") else { continue }
            let place = body[..<equals.lowerBound].split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let value = body[equals.upperBound...].trimmingCharacters(in: .whitespaces)
            let block = lines[(index + 1)...]
                .drop { $0.trimmingCharacters(in: .whitespaces).hasPrefix("<!-- figure:") }
                .prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                .map { $0.trimmingCharacters(in: .whitespaces) }
            found.append(QuotedFigure(
                marker: trimmed, line: index + 1, section: place.first ?? "",
                row: place.count == 3 ? place[1] : nil, column: place.count == 3 ? place[2] : nil,
                value: value, block: Array(block)
            ))
        }
        return found
    }

    /// The numbers in `text`, as written: `25,404`, `2.9`, `12`.
    static func numbers(in text: String) -> [String] {
        numbers(in: [text])
    }

    static func numbers(in lines: [String]) -> [String] {
        lines.flatMap { line in
            line.matches(of: /[0-9][0-9,]*(\.[0-9]+)?/).map { match in
                String(match.output.0).trimmingCharacters(in: CharacterSet(charactersIn: ","))
            }
        }
    }
}

// MARK: - ResultsFile

/// `Docs/Results.md` read as sections of lines, with the tables' cells by row and column.
struct ResultsFile {
    enum Check: Equatable {
        case success
        case failure(String)
    }

    /// The run's date, from its `- date:` line.
    let date: String
    /// The lines of each section: `run` before the first `##` heading, then each heading's.
    let sections: [String: [String]]

    init(text: String) {
        var sections: [String: [String]] = [:]
        var current = "run"
        var date = "an unknown date"
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("## ") {
                current = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                continue
            }
            if current == "run", line.hasPrefix("- date: ") { date = String(line.dropFirst("- date: ".count)) }
            sections[current, default: []].append(line)
        }
        self.date = date
        self.sections = sections
    }

    /// Whether the committed run says what `quote` says it does.
    func check(_ quote: QuotedFigure) -> Check {
        guard let lines = sections[quote.section] else { return .failure("Results.md has no section \(quote.section)") }
        guard let row = quote.row, let column = quote.column else {
            let text = lines.joined(separator: " ")
            return text.contains(quote.value) ? .success : .failure("\(quote.section) does not say \"\(quote.value)\"")
        }
        let cells = Self.cells(in: lines, row: row, column: column)
        guard let cell = cells.first else { return .failure("\(quote.section) has no row \(row) with a column \(column)") }
        if cells.count > 1 { return .failure("\(quote.section) has \(cells.count) cells at \(row), \(column)") }
        return cell == quote.value ? .success : .failure("quotes \(quote.value); the committed run has \(cell)")
    }

    /// The cells at `row` and `column` in every table of `lines`.
    static func cells(in lines: [String], row: String, column: String) -> [String] {
        var header: [String] = []
        var found: [String] = []
        for line in lines {
            guard line.hasPrefix("|") else {
                header = []
                continue
            }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if header.isEmpty {
                header = cells
            } else if cells.first == row, let index = header.firstIndex(of: column), index < cells.count {
                found.append(cells[index])
            }
        }
        return found
    }
}
