import Foundation

// MARK: - Wire

/// The lines an exercise's processes exchange on standard output, each marked so it stands
/// out from whatever else the learner's code, a trap or the backtracer prints.
///
/// The measuring child writes `step` and `measured` lines as it goes, so when it stops at a
/// trap the parent still knows what was measured and what was running. Those lines carry a
/// token the parent chose for the run and handed to the child in a file the child deletes
/// before the learner's code starts: code that prints a line of its own cannot pass it off
/// as a measurement. The parent writes one `report` line, which `lab workshop check` reads;
/// no learner's code runs in the parent.
enum Wire: String, CaseIterable {
    case step = "workshop-step"
    case measured = "workshop-measured"
    case ledger = "workshop-ledger"
    case error = "workshop-error"
    case report = "workshop-report"

    /// "workshop-measured 5A0C…: ", or "workshop-report: " without a token.
    func prefix(token: String) -> String {
        token.isEmpty ? rawValue + ": " : "\(rawValue) \(token): "
    }

    /// Writes one marked line at once, unbuffered (`print` buffers when the output is a
    /// pipe): the process may stop right after it.
    func write(_ payload: String, token: String = "") {
        let line = prefix(token: token) + payload.replacingOccurrences(of: "\n", with: " ") + "\n"
        FileHandle.standardOutput.write(Data(line.utf8))
    }

    /// The payloads of this kind of line with `token` in `output`, in order.
    func payloads(in output: String, token: String = "") -> [String] {
        let prefix = prefix(token: token)
        return output.split(separator: "\n").compactMap { line in
            line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : nil
        }
    }

    /// `output` without any marked line: what the process itself printed.
    static func unmarked(_ output: String) -> String {
        output.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { line in !allCases.contains { line.hasPrefix($0.rawValue) } }
            .joined(separator: "\n")
    }

    // MARK: JSON

    static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Measurements and reports are plain values: encoding cannot fail.
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func decode<T: Decodable>(_ type: T.Type, from text: String) -> T? {
        try? JSONDecoder().decode(type, from: Data(text.utf8))
    }
}
