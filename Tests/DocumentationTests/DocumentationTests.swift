import Foundation
import TestSupport
import Testing

/// The guide in `Docs/` quotes real code and links real pages. These tests fail when a
/// chapter quotes code that changed or no longer exists, shows Swift that no compiled file
/// contains, or links a page or a heading that moved.
///
/// Links follow one scheme. Chapters (`Docs/LabGuide.docc`), which DocC builds and GitHub
/// also shows, link each other with DocC links, `[Global actor](doc:GlobalActor#Isolated-initializers)`,
/// and name sources by their path in a code span. The pages only GitHub shows (the README,
/// `Docs/README.md`) use relative links.
///
/// A quote is a fenced block with a marker on the line above it:
///
///     <!-- quote: Sources/Patterns/CustomExecutorStore/NoteModelActor.swift#executor -->
///
/// and the region in the source between `// snippet: executor` and `// snippet: end`.
@Suite("Documentation")
struct DocumentationTests {
    @Test("The guide has a reader's entry, a DocC root page and chapters to check")
    func guideIsThere() {
        #expect(Guide.markdownPaths.contains("Docs/README.md"))
        #expect(Guide.markdownPaths.contains("Docs/LabGuide.docc/LabGuide.md"))
        #expect(Guide.markdownPaths.count >= 10, "found only \(Guide.markdownPaths)")
    }

    @Test("Start here is the one entry page: the README's first screen and the other entry pages point to it")
    func oneEntryPage() throws {
        let readme = try #require(Guide.text(at: "README.md"))
        let firstScreen = try #require(readme.components(separatedBy: "\n## ").dropFirst().first { $0.hasPrefix("Quick start") })
        #expect(firstScreen.contains("](Docs/LabGuide.docc/StartHere.md)"), "the Quick start section links Start here")
        #expect(Guide.text(at: "Docs/README.md")?.contains("](LabGuide.docc/StartHere.md)") == true)
        #expect(Guide.text(at: "Docs/LabGuide.docc/LabGuide.md")?.contains("<doc:StartHere>") == true)
        let lessonTable = "| # | lesson | chapter | demo |"
        for path in Guide.linkedPages {
            let hasTable = Guide.text(at: path)?.contains(lessonTable) == true
            #expect(hasTable == (path == "Docs/LabGuide.docc/StartHere.md"), "\(path): only Start here lists the lessons")
        }
    }

    @Test("Every quoted block equals the region of the source file it names", arguments: Guide.markdownPaths)
    func quotesMatchTheirSources(path: String) throws {
        let text = try #require(Guide.text(at: path))
        let file = MarkdownFile(path: path, text: text)
        // `make generated` writes each quote that differs from its region instead.
        var lines = text.components(separatedBy: "\n")
        for block in file.blocks.reversed() {
            guard let quote = block.quote else { continue }
            let place = "\(path):\(block.line), quoting \(quote.path)#\(quote.region)"
            let region: [String]
            do {
                region = try SourceRegion.lines(of: quote.region, in: quote.path)
            } catch {
                Issue.record("\(place): \(error)")
                continue
            }
            let quoted = CodeText.normalized(block.content)
            let source = CodeText.normalized(region)
            #expect(!source.isEmpty, "\(place): the region is empty")
            if quoted != source, GeneratedTextTests.writing {
                let indentation = String(lines[block.line - 1].prefix { $0 == " " })
                lines.replaceSubrange(block.line..<(block.line + block.content.count), with: source.map { $0.isEmpty ? "" : indentation + $0 })
                continue
            }
            #expect(quoted == source, "\(place): \(CodeText.firstDifference(quoted, source)); `make generated` writes it")
        }
        if GeneratedTextTests.writing, lines.joined(separator: "\n") != text {
            try Data(lines.joined(separator: "\n").utf8).write(to: packageRoot.appendingPathComponent(path), options: .atomic)
        }
        for dangling in file.danglingQuotes {
            Issue.record("\(path):\(dangling.line): the quote marker of \(dangling.quote.path)#\(dangling.quote.region) has no code block below it")
        }
    }

    @Test("Every Swift block in the guide is a marked quote of compiled code", arguments: Guide.markdownPaths)
    func swiftBlocksAreQuotes(path: String) throws {
        let file = try #require(Guide.text(at: path).map { MarkdownFile(path: path, text: $0) })
        for block in file.blocks where block.language == "swift" {
            #expect(block.quote != nil, "\(path):\(block.line): a swift block without a <!-- quote: PATH#REGION --> marker above it")
            if let quote = block.quote {
                #expect(
                    quote.path.hasPrefix("Sources/") || quote.path.hasPrefix("Tests/"),
                    "\(path):\(block.line): \(quote.path) is not in a compiled target (Sources/ or Tests/)"
                )
            }
        }
    }

    @Test("Every link in the guide resolves on GitHub or in DocC", arguments: Guide.linkedPages)
    func linksResolve(path: String) throws {
        let file = try #require(Guide.text(at: path).map { MarkdownFile(path: path, text: $0) })
        for link in file.links {
            let target = LinkTarget(target: link.target, page: path)
            guard !target.isExternal, let onGitHub = target.problemOnGitHub, let inDocC = target.problemInDocC else {
                continue
            }
            Issue.record("\(path):\(link.line): \(link.target) resolves neither on GitHub (\(onGitHub)) nor in DocC (\(inDocC))")
        }
    }

    /// Chapters that still link with relative paths, which DocC cannot follow, until they
    /// are rewritten; the test fails once one of them no longer does.
    static let chaptersWithRelativeLinks: Set<String> = [
    ]

    @Test("Chapters link for DocC; the pages only GitHub shows link for GitHub", arguments: Guide.linkedPages)
    func linksFollowTheScheme(path: String) throws {
        let file = try #require(Guide.text(at: path).map { MarkdownFile(path: path, text: $0) })
        let problems = file.links.compactMap { link -> String? in
            let target = LinkTarget(target: link.target, page: path)
            guard !target.isExternal else { return nil }
            let problem = Guide.isChapter(path) ? target.problemInDocC : target.problemOnGitHub
            return problem.map { "\(path):\(link.line): \(link.target): \($0)" }
        }
        let record = { for problem in problems { Issue.record("\(problem)") } }
        if Self.chaptersWithRelativeLinks.contains(path) {
            withKnownIssue("\(path) still links with relative paths", record)
        } else {
            record()
        }
    }

    /// Files that still cite a document the package does not have, to be fixed where the
    /// files are rewritten; the test fails once one of them no longer does.
    static let citationsToRestate: Set<String> = [
    ]

    @Test("Comments in code and scripts cite only documents the package has", arguments: Guide.codePaths)
    func commentsCiteExistingDocuments(path: String) throws {
        let text = try #require(Guide.text(at: path))
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        let missing = CitedDocuments.cited(inCommentsOf: text, path: path).filter { citation in
            let name = citation.document.split(separator: "/").last.map(String.init) ?? citation.document
            return !Guide.exists(citation.document)
                && !Guide.exists(Self.normalizedPath(folder + "/" + citation.document))
                && !Guide.markdownNames.contains(name)
        }
        let record = {
            for citation in missing {
                Issue.record("\(path):\(citation.line): cites \(citation.document), which the package does not have; say what it says instead")
            }
        }
        if Self.citationsToRestate.contains(path) {
            withKnownIssue("\(path) still cites a document the package does not have", record)
        } else {
            record()
        }
    }

    @Test("The scanner finds quotes, Swift blocks and links, and skips code spans")
    func scannerSelfCheck() {
        let text = """
            See [a chapter](Other.md#part), `[not](a-link.md)` and [the web](https://swift.org).
            [label]: ../Sources/File.swift

            <!-- quote: Sources/A.swift#one -->

            ```swift
                let a = 1
            ```

            ```sh
            make test
            ```
            <!-- quote: Sources/B.swift#two -->
            """
        let file = MarkdownFile(path: "Docs/Probe.md", text: text)
        #expect(file.links.map(\.target) == ["Other.md#part", "https://swift.org", "../Sources/File.swift"])
        let autolinks = MarkdownFile.links(in: "Start with <doc:StartHere>, see <https://swift.org> or `<doc:Not>`.", lineNumber: 1)
        #expect(autolinks.map(\.target) == ["doc:StartHere", "https://swift.org"])
        #expect(MarkdownFile(path: "P.md", text: "## The `Task` rule ##\n```\n# not a heading\n```\n#no").headings == ["The `Task` rule"])
        #expect(Anchor.github("`Task` versus `Task.detached`") == "task-versus-taskdetached")
        #expect(LinkTarget(target: "doc:GlobalActor#Isolated-initializers", page: "Docs/LabGuide.docc/StartHere.md").problemInDocC == nil)
        #expect(LinkTarget(target: "GlobalActor.md#isolated-initializers", page: "Docs/LabGuide.docc/StartHere.md").problemOnGitHub == nil)
        #expect(LinkTarget(target: "GlobalActor.md#isolated-initializers", page: "Docs/LabGuide.docc/StartHere.md").problemInDocC != nil)
        #expect(LinkTarget(target: "GlobalActor.md#no-such-part", page: "Docs/LabGuide.docc/StartHere.md").problemOnGitHub != nil)
        #expect(LinkTarget(target: "doc:Hops", page: "README.md").problemOnGitHub != nil)
        #expect(LinkTarget(target: "mailto:someone@example.com", page: "README.md").isExternal)
        #expect(file.blocks.map(\.language) == ["swift", "sh"])
        #expect(file.blocks.first?.quote == MarkdownFile.Quote(path: "Sources/A.swift", region: "one"))
        #expect(file.blocks.last?.quote == nil)
        #expect(file.danglingQuotes.map(\.quote.region) == ["two"])
        #expect(CodeText.normalized(["    let a = 1  ", "        b", ""]) == ["let a = 1", "    b"])
        #expect(Self.normalizedPath("Docs/LabGuide.docc/../../Sources/A.swift") == "Sources/A.swift")
        let code = """
            let name = "report.md"  // written to Docs/Results.md, see Benchmarks/README.md.
            /// Schema 1 of Docs/README.md: every metric.
            # make bench writes Results.md
            """
        #expect(CitedDocuments.cited(inCommentsOf: code, path: "A.swift").map(\.document) == [
            "Docs/Results.md", "Benchmarks/README.md", "Docs/README.md",
        ])
        #expect(CitedDocuments.cited(inCommentsOf: code, path: "a.sh").map(\.document) == ["Results.md"])
    }

    // MARK: Helpers

    /// `path` with `.` and `..` segments resolved; leading `..` segments stay, to be reported.
    static func normalizedPath(_ path: String) -> String {
        var segments: [Substring] = []
        for segment in path.split(separator: "/") {
            if segment == "." { continue }
            if segment == "..", let last = segments.last, last != ".." {
                segments.removeLast()
            } else {
                segments.append(segment)
            }
        }
        return segments.joined(separator: "/")
    }
}
