import Support

// MARK: - StandardOutput

/// What every command prints: written whole to standard output, or a `LabError.io` (exit
/// 74) that says why, never a silent exit 0 after a write that failed (a full disk,
/// `/dev/full`, a closed pipe or a closed standard output).
enum StandardOutput {
    static func write(_ text: String) throws(LabError) {
        try OutputFile.write([(text, try OutputFile(checking: "-"))])
    }

    /// `lines` joined, with a final newline.
    static func write(lines: [String]) throws(LabError) {
        try write(lines.joined(separator: "\n") + "\n")
    }
}
