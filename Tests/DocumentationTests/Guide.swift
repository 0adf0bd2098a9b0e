import Foundation
import TestSupport

// MARK: - Guide

/// The guide as the tests see it: every Markdown file under `Docs/`, read from the package
/// this test file belongs to.
enum Guide {
    /// Files `make results` writes into `Docs/` (`make bench` writes its own to `results/`).
    /// A link to one of them is not broken when the file is missing.
    static let generatedByBench: Set<String> = ["Docs/Results.md", "Docs/Results.svg", "Docs/Results.json"]

    /// The folder of the DocC catalog: its Markdown files are the chapters.
    static let chapterFolder = "Docs/LabGuide.docc"

    /// Whether the page at `path` is a chapter: DocC builds it, and GitHub shows it too.
    static func isChapter(_ path: String) -> Bool { path.hasPrefix(chapterFolder + "/") }

    /// The pages a link check reads: the README and every `.md` file under `Docs/`.
    static let linkedPages: [String] = ["README.md"] + markdownPaths

    /// The paths, relative to ``packageRoot``, of every `.md` file under `Docs/`, sorted.
    static let markdownPaths: [String] = {
        let docs = packageRoot.appendingPathComponent("Docs")
        guard let walker = FileManager.default.enumerator(atPath: docs.path) else { return [] }
        var paths: [String] = []
        while let relative = walker.nextObject() as? String {
            if relative.hasSuffix(".md") { paths.append("Docs/" + relative) }
        }
        return paths.sorted()
    }()

    /// The paths, relative to ``packageRoot``, of the package's code, scripts and build files:
    /// what a comment can cite a document from. Build folders are skipped.
    static let codePaths: [String] = {
        let extensions: Set<String> = ["swift", "c", "h", "sh", "modulemap"]
        var paths = ["Makefile", "Package.swift"]
        for folder in ["Sources", "Tests", "Scripts", "Benchmarks"] {
            for relative in files(under: folder) {
                let name = relative.split(separator: "/").last.map(String.init) ?? relative
                let ext = name.split(separator: ".").last.map(String.init) ?? ""
                if extensions.contains(ext) { paths.append(relative) }
            }
        }
        return paths.sorted()
    }()

    /// The names of every Markdown file in the package, and of the ones `make results` writes.
    static let markdownNames: Set<String> = {
        var names = Set(generatedByBench.compactMap { $0.split(separator: "/").last.map(String.init) })
        for folder in ["", "Docs", "Benchmarks", "Sources", "Tests"] {
            for relative in files(under: folder) where relative.hasSuffix(".md") {
                names.insert(relative.split(separator: "/").last.map(String.init) ?? relative)
            }
        }
        return names
    }()

    /// The files under `folder` (the root when empty), relative to ``packageRoot``, outside build
    /// and version-control folders.
    static func files(under folder: String) -> [String] {
        if folder.isEmpty {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.path)) ?? []
            return names.filter { !$0.hasPrefix(".") }
        }
        guard let walker = FileManager.default.enumerator(atPath: packageRoot.appendingPathComponent(folder).path) else {
            return []
        }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            if relative.split(separator: "/").last?.hasPrefix(".") == true {
                walker.skipDescendants()
                continue
            }
            found.append(folder + "/" + relative)
        }
        return found
    }

    /// The text of a file under ``packageRoot``, or nil when it cannot be read.
    static func text(at relativePath: String) -> String? {
        try? String(contentsOf: packageRoot.appendingPathComponent(relativePath), encoding: .utf8)
    }

    /// Whether `relativePath` names a file or folder under ``packageRoot``.
    static func exists(_ relativePath: String) -> Bool {
        FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(relativePath).path)
    }
}

// MARK: - MarkdownFile

/// One Markdown file, split into its fenced code blocks, its quote markers and its links.
struct MarkdownFile {
    /// A fenced code block and the quote marker above it, if any.
    struct Block {
        /// The fence's info string: `swift`, `sh`, or empty.
        var language: String
        /// The 1-based line of the opening fence.
        var line: Int
        /// The lines between the fences, without the fence's own indentation.
        var content: [String]
        /// The `<!-- quote: PATH#REGION -->` marker on the nearest non-blank line above.
        var quote: Quote?
    }

    /// A `<!-- quote: PATH#REGION -->` marker: PATH is relative to the package root.
    struct Quote: Equatable {
        var path: String
        var region: String
    }

    /// A Markdown link or image outside code: `[text](target)` or `[label]: target`.
    struct Link {
        var target: String
        /// The 1-based line the link is on.
        var line: Int
    }

    let path: String
    private(set) var blocks: [Block] = []
    private(set) var links: [Link] = []
    /// The text of every ATX heading outside code blocks, without its `#` marks.
    private(set) var headings: [String] = []
    /// Markers that no fenced block follows: a quote whose code went missing.
    private(set) var danglingQuotes: [(quote: Quote, line: Int)] = []

    init(path: String, text: String) {
        self.path = path
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        var pendingQuote: (quote: Quote, line: Int)?
        while index < lines.count {
            let line = lines[index]
            if let fence = Fence(opening: line) {
                var content: [String] = []
                var end = index + 1
                while end < lines.count, !fence.isClosed(by: lines[end]) {
                    content.append(fence.removingIndentation(from: lines[end]))
                    end += 1
                }
                blocks.append(Block(language: fence.info, line: index + 1, content: content, quote: pendingQuote?.quote))
                pendingQuote = nil
                index = end + 1
                continue
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let quote = Self.quote(in: trimmed) {
                if let earlier = pendingQuote { danglingQuotes.append(earlier) }
                pendingQuote = (quote, index + 1)
            } else if !trimmed.isEmpty {
                if let earlier = pendingQuote { danglingQuotes.append(earlier) }
                pendingQuote = nil
                links += Self.links(in: line, lineNumber: index + 1)
                if let heading = Self.heading(in: line) { headings.append(heading) }
            }
            index += 1
        }
        if let earlier = pendingQuote { danglingQuotes.append(earlier) }
    }

    /// The marker in `line`, when the whole line is one.
    static func quote(in line: String) -> Quote? {
        guard line.hasPrefix("<!--"), line.hasSuffix("-->") else { return nil }
        let inner = line.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
        guard inner.hasPrefix("quote:") else { return nil }
        let reference = inner.dropFirst("quote:".count).trimmingCharacters(in: .whitespaces)
        let parts = reference.split(separator: "#", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        return Quote(path: String(parts[0]), region: String(parts[1]))
    }

    /// The text of an ATX heading (`## The rule`), or nil when `line` is not one.
    static func heading(in line: String) -> String? {
        let indentation = line.prefix { $0 == " " }.count
        guard indentation <= 3 else { return nil }
        let rest = line.dropFirst(indentation)
        let marks = rest.prefix { $0 == "#" }.count
        guard (1...6).contains(marks) else { return nil }
        let afterMarks = rest.dropFirst(marks)
        guard afterMarks.isEmpty || afterMarks.first == " " else { return nil }
        var text = afterMarks.trimmingCharacters(in: .whitespaces)
        while text.hasSuffix("#") { text.removeLast() }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// The link targets of one line of prose: inline links and images, reference
    /// definitions, and autolinks (`<doc:Hops>`, `<https://swift.org>`). Code spans and
    /// HTML comments are skipped.
    static func links(in line: String, lineNumber: Int) -> [Link] {
        let prose = removingCodeSpansAndComments(from: line)
        var found: [Link] = []
        // Autolinks: `<scheme:…>`, with no space inside.
        var search = prose[...]
        while let open = search.firstIndex(of: "<") {
            let inside = search[search.index(after: open)...]
            guard let close = inside.firstIndex(of: ">") else { break }
            let target = inside[..<close]
            let scheme = target.prefix { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "." || $0 == "-" }
            if scheme.count >= 2, target.dropFirst(scheme.count).first == ":", !target.contains(" ") {
                found.append(Link(target: String(target), line: lineNumber))
            }
            search = inside[inside.index(after: close)...]
        }
        let trimmed = prose.trimmingCharacters(in: .whitespaces)
        // A reference definition: `[label]: target`.
        if trimmed.hasPrefix("["), let close = trimmed.range(of: "]:") {
            let target = trimmed[close.upperBound...].trimmingCharacters(in: .whitespaces)
            if let first = target.split(separator: " ").first {
                found.append(Link(target: String(first), line: lineNumber))
            }
            return found
        }
        // Inline links: `](target)`, with an optional title after a space.
        var rest = prose[...]
        while let open = rest.range(of: "](") {
            let afterOpen = rest[open.upperBound...]
            guard let close = afterOpen.firstIndex(of: ")") else { break }
            let inside = afterOpen[..<close].trimmingCharacters(in: .whitespaces)
            var target = inside.split(separator: " ").first.map(String.init) ?? ""
            if target.hasPrefix("<"), target.hasSuffix(">") { target = String(target.dropFirst().dropLast()) }
            if !target.isEmpty { found.append(Link(target: target, line: lineNumber)) }
            rest = afterOpen[afterOpen.index(after: close)...]
        }
        return found
    }

    /// `line` with every `` `code span` `` and `<!-- comment -->` blanked out.
    static func removingCodeSpansAndComments(from line: String) -> String {
        var result = ""
        var rest = line[...]
        while let start = rest.firstIndex(where: { $0 == "`" || $0 == "<" }) {
            result += rest[..<start]
            let tail = rest[start...]
            if tail.hasPrefix("<!--"), let end = tail.range(of: "-->") {
                rest = tail[end.upperBound...]
            } else if tail.hasPrefix("`") {
                let ticks = tail.prefix { $0 == "`" }
                let afterTicks = tail[ticks.endIndex...]
                if let end = afterTicks.range(of: String(ticks)) {
                    rest = afterTicks[end.upperBound...]
                } else {
                    result += tail
                    rest = ""
                }
            } else {
                result.append(tail[tail.startIndex])
                rest = tail.dropFirst()
            }
        }
        return result + rest
    }
}

// MARK: - Fence

/// An opening code fence: up to three spaces of indentation, then three or more backticks
/// or tildes, then the info string (CommonMark).
private struct Fence {
    let character: Character
    let length: Int
    let indentation: Int
    let info: String

    init?(opening line: String) {
        let indentation = line.prefix { $0 == " " }.count
        guard indentation <= 3 else { return nil }
        let rest = line.dropFirst(indentation)
        guard let character = rest.first, character == "`" || character == "~" else { return nil }
        let length = rest.prefix { $0 == character }.count
        guard length >= 3 else { return nil }
        let info = rest.dropFirst(length).trimmingCharacters(in: .whitespaces)
        if character == "`", info.contains("`") { return nil }
        self.character = character
        self.length = length
        self.indentation = indentation
        self.info = info.split(separator: " ").first.map(String.init) ?? ""
    }

    func isClosed(by line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.count >= length && trimmed.allSatisfy { $0 == character }
    }

    func removingIndentation(from line: String) -> String {
        String(line.dropFirst(min(indentation, line.prefix { $0 == " " }.count)))
    }
}

// MARK: - SourceRegion

/// A region of a source file between `// snippet: NAME` and `// snippet: end`.
enum SourceRegion {
    enum Failure: Error, CustomStringConvertible {
        case unreadable(String)
        case missing(String, region: String)
        case duplicated(String, region: String)
        case unterminated(String, region: String)

        var description: String {
            switch self {
            case .unreadable(let path): "\(path) does not exist or cannot be read"
            case .missing(let path, let region): "\(path) has no '// snippet: \(region)' line"
            case .duplicated(let path, let region): "\(path) marks the region '\(region)' more than once"
            case .unterminated(let path, let region): "\(path): the region '\(region)' has no '// snippet: end' line"
            }
        }
    }

    /// The lines of the region `name` of the file at `path` (relative to the package root).
    static func lines(of name: String, in path: String) throws(Failure) -> [String] {
        guard let text = Guide.text(at: path) else { throw .unreadable(path) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = "// snippet: \(name)"
        let starts = lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespaces) == start }
        guard let first = starts.first else { throw .missing(path, region: name) }
        guard starts.count == 1 else { throw .duplicated(path, region: name) }
        let body = lines[(first + 1)...]
        guard let end = body.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "// snippet: end" }) else {
            throw .unterminated(path, region: name)
        }
        return Array(body[..<end])
    }
}

// MARK: - Comparing code

enum CodeText {
    /// `lines` with trailing whitespace removed from each line, blank lines removed from
    /// both ends, and the indentation every line shares removed: the same code quoted from
    /// inside a type or at the left margin compares equal, and nothing else does.
    static func normalized(_ lines: [String]) -> [String] {
        var trimmed = lines.map { line in
            var line = Substring(line)
            while let last = line.last, last == " " || last == "\t" || last == "\r" { line = line.dropLast() }
            return String(line)
        }
        while trimmed.first?.isEmpty == true { trimmed.removeFirst() }
        while trimmed.last?.isEmpty == true { trimmed.removeLast() }
        let shared = trimmed.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return trimmed.map { String($0.dropFirst(min(shared, $0.count))) }
    }

    /// The first line at which `quoted` and `source` differ, for the failure message.
    static func firstDifference(_ quoted: [String], _ source: [String]) -> String {
        for index in 0..<max(quoted.count, source.count) {
            let left = index < quoted.count ? quoted[index] : "(nothing)"
            let right = index < source.count ? source[index] : "(nothing)"
            if left != right {
                return "line \(index + 1) of the block: the guide has \"\(left)\", the source has \"\(right)\""
            }
        }
        return "no difference"
    }
}

// MARK: - CitedDocuments

/// Markdown documents that comments in code name: `Benchmarks/README.md`, `Results.md`.
enum CitedDocuments {
    struct Citation: Equatable {
        var document: String
        /// The 1-based line of the comment.
        var line: Int
    }

    /// The `.md` names in the comments of `text`: after `//` in Swift and C (doc comments
    /// included) and on `*` lines of block comments; after `#` in shell scripts and
    /// Makefiles. Names in code, such as a file a test writes, are not citations.
    static func cited(inCommentsOf text: String, path: String) -> [Citation] {
        let hashComments = path.hasSuffix(".sh") || path.hasSuffix("Makefile")
        var citations: [Citation] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let comment = comment(in: line, hashComments: hashComments) else { continue }
            citations += documents(in: comment).map { Citation(document: $0, line: index + 1) }
        }
        return citations
    }

    private static func comment(in line: Substring, hashComments: Bool) -> Substring? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        if hashComments {
            if trimmed.hasPrefix("#") { return trimmed }
            return line.range(of: " #").map { line[$0.upperBound...] }
        }
        if trimmed.hasPrefix("*") || trimmed.hasPrefix("/*") { return trimmed }
        return line.range(of: "//").map { line[$0.upperBound...] }
    }

    /// Every Markdown file name in `comment`, with the path before it.
    private static func documents(in comment: Substring) -> [String] {
        let pathCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./+-")
        var found: [String] = []
        var rest = comment[...]
        while let range = rest.range(of: ".md") {
            let after = rest[range.upperBound...].first
            if after.map({ $0.isLetter || $0.isNumber }) != true {
                var start = range.lowerBound
                while start > rest.startIndex, pathCharacters.contains(rest[rest.index(before: start)]) {
                    start = rest.index(before: start)
                }
                let name = rest[start..<range.upperBound].drop { $0 == "." || $0 == "/" }
                if name.count > 3 { found.append(String(name)) }
            }
            rest = rest[range.upperBound...]
        }
        return found
    }
}

// MARK: - Anchors

enum Anchor {
    /// GitHub's anchor for a heading: lower case, spaces to hyphens, every character but
    /// letters, digits, spaces, hyphens and underscores dropped.
    static func github(_ heading: String) -> String {
        String(heading.lowercased().filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" })
            .replacingOccurrences(of: " ", with: "-")
    }
}

// MARK: - LinkTarget

/// Where a link in the guide goes, and whether GitHub or DocC can follow it.
struct LinkTarget {
    let target: String
    /// The page the link is on, relative to the package root.
    let page: String

    /// A link to the web or to mail: neither check applies.
    var isExternal: Bool {
        guard !target.hasPrefix("doc:") else { return false }
        guard let colon = target.firstIndex(of: ":") else { return false }
        let scheme = target[..<colon]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "." || $0 == "-" }
    }

    private var fileAndAnchor: (file: String, anchor: String?) {
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let file = String(parts[0].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
        return (file.removingPercentEncoding ?? file, parts.count == 2 ? String(parts[1]) : nil)
    }

    /// Nil when GitHub, showing `page`, can follow the link; otherwise why not.
    var problemOnGitHub: String? {
        if target.hasPrefix("doc:") { return "GitHub cannot follow a DocC link" }
        let (file, anchor) = fileAndAnchor
        let folder = page.split(separator: "/").dropLast().joined(separator: "/")
        let resolved = file.isEmpty ? page : DocumentationTests.normalizedPath(folder.isEmpty ? file : folder + "/" + file)
        if file.hasPrefix("/") { return "an absolute path" }
        if resolved.hasPrefix("../") { return "\(resolved) is outside the package" }
        guard Guide.exists(resolved) else {
            return Guide.generatedByBench.contains(resolved) ? nil : "\(resolved) does not exist"
        }
        guard let anchor, resolved.hasSuffix(".md") else { return nil }
        let headings = Guide.text(at: resolved).map { MarkdownFile(path: resolved, text: $0).headings } ?? []
        if headings.map(Anchor.github).contains(anchor) { return nil }
        return "\(resolved) has no heading whose GitHub anchor is #\(anchor)"
    }

    /// Nil when DocC, building `page`, can follow the link; otherwise why not. Whether the
    /// chapter, its heading or a symbol a link names exists, DocC checks itself: `make docs`
    /// (run by `make test`) fails on a link it cannot resolve.
    var problemInDocC: String? {
        guard Guide.isChapter(page) else { return "DocC does not build \(page)" }
        guard target.hasPrefix("doc:") else {
            return "DocC cannot follow a relative link: link a chapter as [Title](doc:Name), name a source by its path"
        }
        return nil
    }
}
