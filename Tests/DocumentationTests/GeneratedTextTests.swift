import Bench
import Demos
import Foundation
import TestSupport
import RowKit
import Rows
import Testing
import Workload
import WorkshopChecks

/// Text written from the catalogs rather than by hand: the reference's tables of rows and
/// scenarios, the README's list of tables, the benchmarks' count, the workshop's tables and
/// the nested package's list of exercises and their entry points. A row, a scenario or an
/// exercise is added to its catalog alone; `make generated` then writes every place that
/// lists it, and these tests fail until it has.
///
/// A generated block sits between two marker lines, `<!-- generated: NAME -->` and
/// `<!-- end: NAME -->` in Markdown, `// generated: NAME` and `// end: NAME` in Swift; what is
/// between them is replaced. A generated file is written whole. The chapters' quotes of code
/// (`<!-- quote: PATH#REGION -->`) are written by the same command, from DocumentationTests.
@Suite("Generated text")
struct GeneratedTextTests {
    /// Set by `make generated`: write what differs instead of failing.
    static let writing = ProcessInfo.processInfo.environment["LAB_WRITE_GENERATED"] != nil

    @Test("Every generated block is what the catalogs generate now", arguments: GeneratedText.blockPaths)
    func blocksAreCurrent(path: String) throws {
        // One test per file, its blocks in turn: `make generated` writes each file once.
        let url = packageRoot.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        var current = text
        for block in GeneratedText.blocks where block.path == path {
            guard let replaced = block.replacing(in: current) else {
                Issue.record("\(path) has no \(block.markers.open) … \(block.markers.close) lines")
                continue
            }
            #expect(replaced == current || Self.writing, "\(block.place) is not what the catalogs generate: run `make generated`")
            current = replaced
        }
        if current != text, Self.writing {
            try Data(current.utf8).write(to: url, options: .atomic)
        }
    }

    @Test("Every generated file is what the catalogs generate now", arguments: GeneratedText.files.map(\.path))
    func fileIsCurrent(path: String) throws {
        let file = try #require(GeneratedText.files.first { $0.path == path })
        let url = packageRoot.appendingPathComponent(path)
        let text = try? String(contentsOf: url, encoding: .utf8)
        if text != file.text, Self.writing {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.text.utf8).write(to: url, options: .atomic)
            return
        }
        #expect(text == file.text, "\(path) is not what the exercise catalog generates: run `make generated`")
    }

    @Test("A block's markers are found, and only what is between them is replaced")
    func replacing() {
        let block = GeneratedText.Block(path: "a.md", name: "list", text: "new\n")
        #expect(block.replacing(in: "before\n<!-- generated: list -->\nold\nlines\n<!-- end: list -->\nafter\n")
            == "before\n<!-- generated: list -->\nnew\n<!-- end: list -->\nafter\n")
        #expect(block.replacing(in: "no markers\n") == nil)
        #expect(block.replacing(in: "<!-- end: list -->\n<!-- generated: list -->\n") == nil)
        let swift = GeneratedText.Block(path: "a.swift", name: "list", text: "let a = 1\n")
        #expect(swift.replacing(in: "// generated: list\nlet a = 0\n// end: list\n") == "// generated: list\nlet a = 1\n// end: list\n")
    }

    @Test("The session of the trainers' guide takes every exercise once")
    func sessionTakesEveryExercise() {
        let taken = ExerciseCatalog.session.flatMap { part -> [Int] in
            if case .exercises(_, let exercises) = part { exercises.map(\.number) } else { [] }
        }
        #expect(taken.sorted() == ExerciseCatalog.all.map(\.number))
    }

    @Test("Every exercise folder of the nested package is an exercise of the catalog")
    func noExerciseFolderLeftOver() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Workshop/Exercises").path)
        #expect(Set(folders) == Set(ExerciseCatalog.all.map(\.folder)), "Workshop/Exercises holds \(folders.sorted())")
    }
}

// MARK: - GeneratedText

/// What `make generated` writes, from the catalogs.
enum GeneratedText {
    /// A block of a file written between two marker lines.
    struct Block {
        let path: String
        let name: String
        let text: String

        /// "Docs/Reference.md#rows".
        var place: String { "\(path)#\(name)" }

        var markers: (open: String, close: String) {
            path.hasSuffix(".swift") ? ("// generated: \(name)", "// end: \(name)") : ("<!-- generated: \(name) -->", "<!-- end: \(name) -->")
        }

        /// `file` with the lines between the markers replaced by ``text``; nil when the
        /// markers are missing or out of order.
        func replacing(in file: String) -> String? {
            var lines = file.components(separatedBy: "\n")
            guard let open = lines.firstIndex(of: markers.open),
                  let close = lines[(open + 1)...].firstIndex(of: markers.close) else { return nil }
            var body = text.components(separatedBy: "\n")
            if body.last == "" { body.removeLast() }
            lines.replaceSubrange((open + 1)..<close, with: body)
            return lines.joined(separator: "\n")
        }
    }

    /// A file written whole.
    struct File {
        let path: String
        let text: String
    }

    /// The files that hold generated blocks, each once.
    static var blockPaths: [String] {
        blocks.map(\.path).reduce(into: []) { paths, path in if !paths.contains(path) { paths.append(path) } }
    }

    static var blocks: [Block] {
        [
            Block(path: "Docs/Reference.md", name: "rows", text: rowTable),
            Block(path: "Docs/Reference.md", name: "scenarios", text: scenarioTable),
            Block(path: "README.md", name: "tables", text: readmeTables),
            Block(path: "Benchmarks/README.md", name: "count", text: benchmarkCount),
            Block(path: "Docs/LabGuide.docc/Workshop.md", name: "exercises", text: workshopTable),
            Block(path: "Docs/TrainersGuide.md", name: "session", text: sessionTable),
            Block(path: "Docs/TrainersGuide.md", name: "teaches", text: teachesList),
            Block(path: "Docs/TrainersGuide.md", name: "checks", text: checksTable),
            Block(path: "Workshop/Package.swift", name: "exercises", text: workshopManifestList),
        ]
    }

    /// Each exercise's entry point, which `lab workshop check` also puts back when it changed.
    static var files: [File] {
        ExerciseCatalog.all.map { File(path: "Workshop/Exercises/\($0.folder)/main.swift", text: $0.entryPointSource) }
    }

    // MARK: The reference and the README

    static var rowTable: String {
        table(["row", "kind", "what it is", "lesson"], RowCatalog.all.map { row in
            ["`\(row.name)`", row.kind.rawValue, row.summary, row.lessons.map(String.init).joined(separator: ", ")]
        })
    }

    static var scenarioTable: String {
        table(["scenario", "one operation, and what it shows"], Scenario.allCases.map { ["`\($0.rawValue)`", $0.definition.summary] })
    }

    static var readmeTables: String {
        let names = Scenario.allCases.map(\.inWords)
        let list = names.dropLast().joined(separator: ", ") + ", and " + (names.last ?? "")
        return wrapped("`make bench` prints one table per scenario: \(list).")
    }

    static var benchmarkCount: String {
        let pairs = RowCatalog.rowsByScenario
        let benchmarks = pairs.reduce(0) { $0 + $1.rows.count }
        // A scenario that compares some rows says how many; the rows that leave other
        // scenarios out are grouped by the scenarios they run, those scenarios aside.
        let narrowed = Scenario.allCases.filter { $0.definition.comparedRows != nil }
        let scenarios = Scenario.allCases.filter { !narrowed.contains($0) }
        var groups: [(runs: [Scenario], rows: [String])] = []
        for row in RowCatalog.all {
            let runs = scenarios.filter(row.runs)
            guard runs.count < scenarios.count else { continue }
            if let index = groups.firstIndex(where: { $0.runs == runs }) {
                groups[index].rows.append(row.name)
            } else {
                groups.append((runs, [row.name]))
            }
        }
        func list(_ items: [String]) -> String {
            items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
        }
        let compared = narrowed.map { scenario in
            "`\(scenario.rawValue)` runs \(RowCatalog.all.filter { $0.runs(scenario) }.count) of them"
        }
        let said = compared + groups.map { group -> String in
            let rows = list(group.rows.map { "`\($0)`" })
            let left = scenarios.filter { !group.runs.contains($0) }
            return group.runs.count * 2 >= scenarios.count
                ? "\(rows) run every scenario but \(list(left.map { "`\($0.rawValue)`" }))"
                : "\(rows) run only \(list(group.runs.map { "`\($0.rawValue)`" }))"
        }
        let leftOut = said.isEmpty ? "" : ", less what some rows leave out (" + said.joined(separator: "; ") + ")"
        return wrapped(
            "One benchmark per scenario and row that runs it: \(Scenario.allCases.count) scenarios × \(RowCatalog.all.count) rows\(leftOut): \(benchmarks) benchmarks."
        )
    }

    // MARK: The workshop

    static var workshopTable: String {
        table(["#", "exercise", "lesson", "the starter", "it passes when"], ExerciseCatalog.all.map { exercise in
            ["\(exercise.number)", "`\(exercise.slug)`", "\(exercise.lesson), \(Chapter(exercise.chapter).docLink)", exercise.starterShows, exercise.passesWhen]
        })
    }

    static var sessionTable: String {
        let rows = ExerciseCatalog.session.flatMap { part -> [[String]] in
            switch part {
            case .pause(let minutes):
                return [["break", "", "", "\(minutes)", "", ""]]
            case .exercises(let name, let exercises):
                return exercises.enumerated().map { index, exercise in
                    [
                        index == 0 ? name : "", "\(exercise.number)", "`\(exercise.slug)`", "\(exercise.minutes)", "`\(exercise.demo)`",
                        Chapter(exercise.chapter).link(from: "Docs"),
                    ]
                }
            }
        }
        return table(["part", "#", "exercise", "minutes", "show first", "chapter"], rows)
    }

    static var teachesList: String {
        ExerciseCatalog.all.map { exercise in
            let label = "\(exercise.number). "
            return wrapped(exercise.teaches, first: label, rest: String(repeating: " ", count: label.count))
        }.joined()
    }

    static var checksTable: String {
        table(["#", "exercise", "its checks, after `source` and `compiles`"], ExerciseCatalog.all.map { exercise in
            ["\(exercise.number)", "`\(exercise.slug)`", exercise.checkIDs.map { "`\($0.rawValue)`" }.joined(separator: ", ")]
        })
    }

    static var workshopManifestList: String {
        let folders = ExerciseCatalog.all.map { "    \"\($0.folder)\",\n" }.joined()
        let mainActor = ExerciseCatalog.all.filter { $0.defaultIsolation == .mainActor }.map { "\"\($0.folder)\"" }
        return """
            /// One folder per exercise, in order: `lab workshop` names them the same way.
            let exercises = [
            \(folders)]

            /// The exercises whose module has the main actor as its default isolation (SE-0466): every
            /// declaration in them that states no isolation is isolated to the main actor.
            let mainActorDefault: Set<String> = [\(mainActor.joined(separator: ", "))]

            """
    }

    // MARK: Helpers

    /// A Markdown table, one line per row.
    static func table(_ header: [String], _ rows: [[String]]) -> String {
        func line(_ cells: [String]) -> String { "|" + cells.map { $0.isEmpty ? " " : " \($0) " }.joined(separator: "|") + "|\n" }
        return line(header) + "|" + String(repeating: "---|", count: header.count) + "\n" + rows.map(line).joined()
    }

    /// `text` wrapped at 92 columns, its first line starting with `first`, the others with `rest`.
    static func wrapped(_ text: String, first: String = "", rest: String = "") -> String {
        var lines: [String] = []
        var line = first
        for word in text.split(separator: " ") {
            let prefix = lines.isEmpty ? first : rest
            if line.count > prefix.count, line.count + 1 + word.count > 92 {
                lines.append(line)
                line = rest
            }
            line += (line.count > (lines.isEmpty ? first : rest).count ? " " : "") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n") + "\n"
    }
}

// MARK: - Chapter

/// A chapter of the guide, and a section of it, as a demo names it:
/// `Docs/LabGuide.docc/QueuePerform.md#the-debug-trap`.
struct Chapter {
    let file: String
    let anchor: String?

    init(_ path: String) {
        let parts = path.split(separator: "#", maxSplits: 1).map(String.init)
        file = parts[0]
        anchor = parts.count > 1 ? parts[1] : nil
    }

    /// "QueuePerform".
    var name: String { String(file.split(separator: "/").last?.dropLast(3) ?? "") }

    private var lines: [String] { (Guide.text(at: file) ?? "").components(separatedBy: "\n") }

    /// The chapter's title, its first heading, up to a colon: "Queue-perform" of "Queue-perform:
    /// a context belongs to its queue".
    var title: String {
        guard let heading = lines.first(where: { $0.hasPrefix("# ") }) else { return name }
        return String(heading.dropFirst(2).split(separator: ":", maxSplits: 1)[0])
    }

    /// The heading of the section, whose GitHub anchor is ``anchor``.
    var section: String? {
        guard let anchor else { return nil }
        return lines.filter { $0.hasPrefix("## ") || $0.hasPrefix("### ") }
            .map { String($0.drop { $0 == "#" }.dropFirst()) }
            .first { Self.gitHubAnchor($0) == anchor }
    }

    /// `[The debug trap](doc:QueuePerform#The-debug-trap)`: the link DocC resolves.
    var docLink: String {
        guard let section else { return "[\(title)](doc:\(name))" }
        return "[\(section)](doc:\(name)#\(section.replacingOccurrences(of: " ", with: "-")))"
    }

    /// `[Queue-perform](LabGuide.docc/QueuePerform.md#the-debug-trap)`, from a page in `folder`.
    func link(from folder: String) -> String {
        let relative = file.hasPrefix(folder + "/") ? String(file.dropFirst(folder.count + 1)) : file
        return "[\(title)](\(relative)\(anchor.map { "#" + $0 } ?? ""))"
    }

    /// GitHub's anchor of a heading: lowercased, spaces made hyphens, punctuation dropped.
    static func gitHubAnchor(_ heading: String) -> String {
        String(heading.lowercased().compactMap { character -> Character? in
            if character == " " { return "-" }
            return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
        })
    }
}
