// MARK: - UnifiedDiff

/// The change from one text to another, line by line, printed as a unified diff (`diff -u`,
/// the format `git apply` and `patch` read). The texts are one screen each, so a longest
/// common subsequence table is quick.
package struct UnifiedDiff {
    package enum Line: Equatable {
        case same(Substring)
        case removed(Substring)
        case added(Substring)
    }

    package let lines: [Line]

    package init(from old: String, to new: String) {
        let a = Self.lines(of: old)
        let b = Self.lines(of: new)
        // common[i][j]: the longest common subsequence of a[i...] and b[j...].
        var common = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in a.indices.reversed() {
            for j in b.indices.reversed() {
                common[i][j] = a[i] == b[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var lines: [Line] = []
        var (i, j) = (0, 0)
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                lines.append(.same(a[i]))
                (i, j) = (i + 1, j + 1)
            } else if i < a.count, j == b.count || common[i + 1][j] >= common[i][j + 1] {
                // Removals before additions, as diff prints a changed line.
                lines.append(.removed(a[i]))
                i += 1
            } else {
                lines.append(.added(b[j]))
                j += 1
            }
        }
        self.lines = lines
    }

    /// The diff as text, for a file at `path` in both versions; empty when nothing changed.
    package func text(path: String, context: Int = 3) -> String {
        let changed = lines.indices.filter { lines[$0].isChange }
        guard let first = changed.first else { return "" }
        // Hunks: runs of changes less than two contexts apart, with their context.
        var hunks: [ClosedRange<Int>] = []
        var start = first
        var last = first
        for index in changed.dropFirst() {
            if index - last > 2 * context {
                hunks.append(max(0, start - context)...min(lines.count - 1, last + context))
                start = index
            }
            last = index
        }
        hunks.append(max(0, start - context)...min(lines.count - 1, last + context))

        var output = "--- a/\(path)\n+++ b/\(path)\n"
        for hunk in hunks {
            let before = lines[..<hunk.lowerBound]
            let inside = lines[hunk]
            let oldCount = inside.filter(\.isInOld).count
            let newCount = inside.filter(\.isInNew).count
            // A range of no lines starts at the line before it, as diff writes it.
            let oldStart = before.filter(\.isInOld).count + (oldCount == 0 ? 0 : 1)
            let newStart = before.filter(\.isInNew).count + (newCount == 0 ? 0 : 1)
            output += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for line in inside {
                switch line {
                case .same(let text): output += " \(text)\n"
                case .removed(let text): output += "-\(text)\n"
                case .added(let text): output += "+\(text)\n"
                }
            }
        }
        return output
    }

    /// The lines of `text`, without the empty one after its final newline.
    private static func lines(of text: String) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if text.hasSuffix("\n") { lines.removeLast() }
        return lines
    }
}

extension UnifiedDiff.Line {
    package var isChange: Bool {
        if case .same = self { false } else { true }
    }

    package var isInOld: Bool {
        if case .added = self { false } else { true }
    }

    package var isInNew: Bool {
        if case .removed = self { false } else { true }
    }
}
