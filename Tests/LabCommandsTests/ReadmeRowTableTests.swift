import RowKit
import Support
import Foundation
import Bench
import Testing
import Workload

@testable import LabCommands

/// The README's table of rows says what `lab bench --list` says: the same rows, in the
/// same order, with the same kind and lessons.
@Suite("The README's row table")
struct ReadmeRowTableTests {
    /// One line of the table: `| `name` | kind | what it is | lessons |`.
    struct TableRow: Equatable, CustomStringConvertible {
        var name: String
        var kind: String
        var lessons: [Int]

        var description: String { "\(name) (\(kind), lessons \(lessons))" }
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The rows of the first table under the `## The rows` heading of `readme`.
    static func rows(inReadme readme: String) -> [TableRow] {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        guard let heading = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "## The rows" }) else {
            return []
        }
        let table = lines[(heading + 1)...]
            .drop { !$0.hasPrefix("|") }
            .prefix { $0.hasPrefix("|") }
        return table.dropFirst(2).map { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            let name = cells.first?.trimmingCharacters(in: CharacterSet(charactersIn: "`")) ?? ""
            let kind = cells.count > 1 ? cells[1] : ""
            let lessons = (cells.last ?? "").split(separator: ",").compactMap {
                Int($0.trimmingCharacters(in: .whitespaces))
            }
            return TableRow(name: name, kind: kind, lessons: lessons)
        }
    }

    @Test("Every row of the catalog is in the README's table, in order, with its kind and lessons")
    func tableMatchesCatalog() throws {
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let documented = Self.rows(inReadme: readme)
        let catalog = RowCatalog.all.map { TableRow(name: $0.name, kind: $0.kind.rawValue, lessons: $0.lessons) }
        #expect(documented.count == catalog.count, "the README lists \(documented.map(\.name)), the catalog \(catalog.map(\.name))")
        for (inReadme, inCode) in zip(documented, catalog) {
            #expect(inReadme == inCode, "README: \(inReadme); RowCatalog: \(inCode)")
        }
    }

    @Test("The table reader takes name, kind and lessons from each line")
    func readerSelfCheck() {
        let readme = """
            # Title

            ## The rows

            | row | kind | what it is | lesson |
            |---|---|---|---|
            | `plain-actor` | pattern | an actor | with `perform` | 2, 3 |
            | `raw-sqlite` | baseline | no layer | |

            ## Next

            | other | table |
            """
        #expect(Self.rows(inReadme: readme) == [
            TableRow(name: "plain-actor", kind: "pattern", lessons: [2, 3]),
            TableRow(name: "raw-sqlite", kind: "baseline", lessons: []),
        ])
    }
}
