import Foundation

// MARK: - Wire

/// The lines an exercise's processes exchange on standard output, each marked so it stands
/// out from whatever else the learner's code, a trap or the backtracer prints.
///
/// The measuring child writes `step` and `measured` lines as it goes, so when it stops at a
/// trap the parent still knows what was measured and what was running. The parent writes
/// one `report` line, which `lab workshop check` reads.
enum Wire: String, CaseIterable {
    case step = "workshop-step: "
    case measured = "workshop-measured: "
    case error = "workshop-error: "
    case report = "workshop-report: "

    /// Writes one marked line at once, unbuffered (`print` buffers when the output is a
    /// pipe): the process may stop right after it.
    func write(_ payload: String) {
        let line = rawValue + payload.replacingOccurrences(of: "\n", with: " ") + "\n"
        FileHandle.standardOutput.write(Data(line.utf8))
    }

    /// The payloads of this kind of line in `output`, in order.
    func payloads(in output: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            line.hasPrefix(rawValue) ? String(line.dropFirst(rawValue.count)) : nil
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
