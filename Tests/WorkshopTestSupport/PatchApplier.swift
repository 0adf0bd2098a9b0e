// MARK: - PatchApplier

/// Applies the hunks of a unified diff for one file to a text, strictly: every context and
/// removed line must match, or it returns nil. Enough to prove `lab workshop solution`'s
/// output does what `git apply` would.
package enum PatchApplier {
    package static func apply(_ diff: String, to text: String, path: String) -> String? {
        var old = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if text.hasSuffix("\n") { old.removeLast() }
        let lines = diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let header = lines.firstIndex(of: "--- a/\(path)"), lines[header + 1] == "+++ b/\(path)" else { return nil }
        var result: [String] = []
        var next = 0  // the next line of `old` not yet copied
        var index = header + 2
        while index < lines.count, lines[index].hasPrefix("@@ -") {
            // "@@ -21,14 +21,14 @@": where the hunk starts in the old text.
            let start = Int(lines[index].dropFirst(4).prefix { $0.isNumber }) ?? 0
            let first = max(start - 1, 0)
            guard first >= next else { return nil }
            result += old[next..<first]
            next = first
            index += 1
            while index < lines.count, let mark = lines[index].first, " -+".contains(mark) {
                let line = String(lines[index].dropFirst())
                switch mark {
                case "+": result.append(line)
                default:
                    guard next < old.count, old[next] == line else { return nil }
                    if mark == " " { result.append(line) }
                    next += 1
                }
                index += 1
            }
        }
        result += old[next...]
        return result.joined(separator: "\n") + "\n"
    }
}
