import Foundation
import Workshop

// MARK: - WorkshopProgress

/// What a learner has done so far, kept in `Workshop/.progress.json` (ignored by git): the
/// result of each exercise's last check, on which version of its files, and the hints seen.
struct WorkshopProgress: Codable, Equatable {
    struct Entry: Codable, Equatable {
        /// Whether the last check passed, and the digest of the files it checked.
        var passed: Bool?
        var checkedDigest: String?
        var hintsShown = 0
    }

    /// By exercise number.
    var exercises: [Int: Entry] = [:]

    subscript(exercise: Exercise) -> Entry {
        get { exercises[exercise.number] ?? Entry() }
        set { exercises[exercise.number] = newValue }
    }

    /// The progress saved at `url`, or none yet. A file that cannot be read starts afresh:
    /// it only remembers results, which the next check measures again.
    static func load(from url: URL) -> WorkshopProgress {
        guard let data = try? Data(contentsOf: url) else { return WorkshopProgress() }
        return (try? JSONDecoder().decode(WorkshopProgress.self, from: data)) ?? WorkshopProgress()
    }

    func save(to url: URL) throws(LabError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try encoder.encode(self).write(to: url, options: .atomic)
        } catch {
            throw .data("cannot save the workshop's progress to \(url.path): \(error.localizedDescription)")
        }
    }
}
