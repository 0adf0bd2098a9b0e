import Foundation

// MARK: - OutputFile

/// Writes a report atomically: the file is complete or untouched, never half-written.
enum OutputFile {
    static func write(_ text: String, to path: String) throws(LabError) {
        let url = URL(fileURLWithPath: path)
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw .usage("cannot write the report to '\(path)': \(error.localizedDescription)")
        }
    }
}
