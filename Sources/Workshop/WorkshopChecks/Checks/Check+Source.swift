// MARK: - SourceEscape

/// An escape hatch: a construct that turns the compiler's isolation or memory checking off
/// for the code around it. The source rules refuse each one unless the exercise's own
/// pattern needs it (``Exercise/allows``); the rules themselves read the syntax tree, in
/// the module WorkshopSourceRules.
package enum SourceEscape: String, Sendable, CaseIterable, Codable {
    case uncheckedSendable = "@unchecked Sendable"
    case nonisolatedUnsafe = "nonisolated(unsafe)"
    case nonisolatedInit = "nonisolated init"
    case unownedUnsafe = "unowned(unsafe)"
    /// `Mirror`, `dump`: reading an object's stored values around its accessors.
    case reflection = "reflection"
    /// `Unsafe…Pointer`, `Unmanaged`, `OpaquePointer`, `unsafeBitCast`, `bitPattern:`: an
    /// address the compiler does not track, which can make a reference out of an integer.
    case unsafePointer = "an unsafe pointer"
    /// `@preconcurrency import` of one of the lab's modules: it silences the Sendable
    /// diagnostics of the very types the exercise is about.
    case preconcurrencyImport = "@preconcurrency import"
    /// `queue.sync { }` or `asyncAndWait`: the exercise about an executor that waits
    /// starts with one.
    case waitingCall = "a synchronous queue call"
}

// MARK: - SourceFinding

/// One finding of the source rules: where, and why it is not allowed.
package struct SourceFinding: Sendable, Equatable, Codable {
    package var file: String
    package var line: Int
    package var message: String

    package init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }
}

// MARK: - As a check

extension Check {
    /// `source`: the learner's files say nothing the rules refuse.
    package static func source(_ findings: [SourceFinding]) -> Check {
        let expected = "only the store and WorkshopKit imported, and no switch that turns off a check"
        guard let first = findings.first else {
            return Check(id: .source, status: .passed, expected: expected, measured: "nothing refused")
        }
        let lines = findings.map { "\($0.file):\($0.line): \($0.message)" }
        return Check(
            id: .source, status: .failed, expected: expected,
            measured: findings.count == 1 ? "1 line refused" : "\(findings.count) lines refused",
            problem: "\(first.file):\(first.line): \(first.message)" + (lines.count > 1 ? "\n" + lines.dropFirst().joined(separator: "\n") : "")
        )
    }
}
