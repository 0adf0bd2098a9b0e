import Foundation
import TestSupport
import Testing

@testable import Demos
import Support

/// The catalog holds one demo per lesson, each pointing at a chapter that exists.
@Suite("The demo catalog")
struct DemoCatalogTests {
    @Test("There is one demo for each lesson, in lesson order")
    func oneDemoPerLesson() {
        #expect(DemoCatalog.all.map { $0.lesson } == Array(1...19))
    }

    @Test("Demo names are unique kebab-case words")
    func namesAreUnique() {
        let names = DemoCatalog.all.map { $0.name }
        #expect(Set(names).count == names.count)
        for name in names {
            #expect(name.allSatisfy { $0.isLowercase || $0 == "-" }, "\(name)")
            #expect(DemoCatalog.demo(named: name)?.name == name)
        }
        #expect(DemoCatalog.demo(named: "no-such-demo") == nil)
    }

    @Test("Every demo's chapter exists, with its heading when it names one")
    func chaptersExist() throws {
        for demo in DemoCatalog.all {
            let parts = demo.chapter.split(separator: "#", maxSplits: 1).map(String.init)
            let file = packageRoot.appendingPathComponent(parts[0])
            let text = try String(contentsOf: file, encoding: .utf8)
            if parts.count == 2 {
                let anchors = text.split(separator: "\n").filter { $0.hasPrefix("#") }.map(Self.anchor(ofHeading:))
                #expect(anchors.contains(parts[1]), "\(demo.name): no heading for #\(parts[1]) in \(parts[0])")
            }
        }
    }

    @Test("Start here names each lesson's demo and links the demo's chapter")
    func startHereListsTheDemos() throws {
        let text = try String(
            contentsOf: packageRoot.appendingPathComponent("Docs/LabGuide.docc/StartHere.md"), encoding: .utf8
        )
        // The rows of the lesson table: | 6 | lesson | [Global actor](doc:GlobalActor#Isolated-initializers) | `isolated-init` |
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| ") && Int($0.dropFirst(2).prefix { $0.isNumber }) != nil }
        #expect(rows.count == DemoCatalog.all.count)
        for (row, demo) in zip(rows, DemoCatalog.all) {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(cells.first == String(demo.lesson), "\(row)")
            #expect(cells.last == "`\(demo.name)`", "lesson \(demo.lesson): \(cells.last ?? "") is not `\(demo.name)`")
            // The demo's chapter, Docs/LabGuide.docc/GlobalActor.md#isolated-initializers, as a DocC link.
            let parts = demo.chapter.split(separator: "#", maxSplits: 1).map(String.init)
            let chapter = parts[0].split(separator: "/").last.map { String($0.dropLast(".md".count)) } ?? ""
            let link = cells.count > 2 ? cells[cells.count - 2] : ""
            let target = link.split(separator: "(", maxSplits: 1).last.map { String($0.dropLast()) } ?? ""
            let targetParts = target.split(separator: "#", maxSplits: 1).map(String.init)
            #expect(targetParts.first == "doc:" + chapter, "lesson \(demo.lesson): \(link) does not link \(chapter)")
            let anchor = targetParts.count == 2 ? Self.anchor(ofHeading: targetParts[1].replacingOccurrences(of: "-", with: " ")) : nil
            #expect(anchor == (parts.count == 2 ? parts[1] : nil), "lesson \(demo.lesson): \(link) is not \(demo.chapter)")
        }
    }

    @Test("The reference's demos section names every demo, in lesson order")
    func referenceNamesTheDemos() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("Docs/Reference.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n## ").first { $0.hasPrefix("The demos") })
        // "The demos, in lesson order: `queue-confinement`, …, `default-isolation`."
        let list = try #require(section.range(of: "The demos, in lesson order:"))
        let listed = section[list.upperBound...].prefix { $0 != "." }
            .split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        #expect(listed == DemoCatalog.all.map { $0.name })
    }

    @Test("Crash-site names are unique and name their demo")
    func crashSites() {
        let sites = CrashSite.all.map(\.name)
        #expect(Set(sites).count == sites.count)
        #expect(sites.count == 5)
        for demo in DemoCatalog.all {
            for site in demo.crashSites { #expect(site.name.hasPrefix(demo.name + "."), "\(site.name)") }
        }
    }

    @Test("The listing has a line per demo with its lesson and summary")
    func listing() {
        let lines = DemoCatalog.listing().split(separator: "\n")
        #expect(lines.count == DemoCatalog.all.count)
        for (line, demo) in zip(lines, DemoCatalog.all) {
            #expect(line.contains(" \(demo.lesson)  \(demo.name) "))
            #expect(line.hasSuffix(demo.summary))
        }
    }

    @Test("Wrapping keeps every word and no line over the width")
    func wrapping() {
        let text = String(repeating: "actor hop queue ", count: 30)
        let lines = wrap(text, width: 40, bullet: true)
        #expect(lines.allSatisfy { $0.count <= 40 })
        #expect(lines[0].hasPrefix("  - "))
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("    ") })
        #expect(lines.joined(separator: " ").split(separator: " ").filter { $0 != "-" }.count == 90)
        // A word longer than a line, a long path, is cut at the width, and nothing is lost.
        let path = "/" + String(repeating: "folder/", count: 20) + "lab.sqlite"
        let cut = wrap("at " + path + " now", width: 40)
        #expect(cut.allSatisfy { $0.count <= 40 }, "\(cut)")
        #expect(cut.map { $0.trimmingCharacters(in: .whitespaces) }.joined().replacingOccurrences(of: " ", with: "") == "at" + path + "now")
    }

    /// GitHub's anchor for a Markdown heading: lower case, spaces to hyphens, punctuation dropped.
    static func anchor<S: StringProtocol>(ofHeading heading: S) -> String {
        heading.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            .filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" }
            .replacingOccurrences(of: " ", with: "-")
    }
}
