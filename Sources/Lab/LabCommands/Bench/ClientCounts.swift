import ArgumentParser
import Bench
import Foundation

// MARK: - ClientCounts

/// `--clients`: one count, or several separated by commas for a sweep (`1,2,4,8`). Parsed by
/// hand, so that each wrong value is refused with its own one-line reason, as the other
/// numeric options are.
enum ClientCounts {
    /// The counts a run may take.
    static let range = BenchSettings.clientRange

    /// The counts `text` names, ascending; a wrong one is a usage error that says what is wrong.
    static func parse(_ text: String) throws(ValidationError) -> [Int] {
        let pieces = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard pieces != [""] else {
            throw ValidationError("--clients needs a count, or counts separated by commas, as in 1,2,4,8")
        }
        var counts: [Int] = []
        for piece in pieces {
            guard !piece.isEmpty else {
                throw ValidationError("--clients '\(text)' has an empty count; separate counts with one comma, as in 1,2,4,8")
            }
            let digits = piece.hasPrefix("-") ? piece.dropFirst() : Substring(piece)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw ValidationError("--clients takes whole numbers, not '\(piece)'; several are separated by commas, as in 1,2,4,8")
            }
            guard let count = Int(piece), range.contains(count) else {
                throw ValidationError("--clients must be between \(range.lowerBound) and \(range.upperBound), not \(piece)")
            }
            guard !counts.contains(count) else {
                throw ValidationError("--clients names \(count) twice; give each count once")
            }
            counts.append(count)
        }
        return counts.sorted()
    }
}
