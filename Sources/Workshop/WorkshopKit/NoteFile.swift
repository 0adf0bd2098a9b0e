#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NoteStore
import Synchronization

// MARK: - NoteFile

/// A note export file, one folder or note a line: what exercise 8's importer reads.
///
/// Parsing it is the work the exercise is about, so the parser counts how many lines it
/// parsed, and how many of them on the main actor, as the `task-inheritance` demo finds
/// out where a task runs: by asking whether the main dispatch queue, which the main actor's
/// executor drains, is the current one.
public enum NoteFile {
    /// Parses `lines` into one batch.
    public static func batch(from lines: [String]) -> NoteBatch {
        var batch = NoteBatch()
        for line in lines {
            let onMainActor = ContextQueue.main.isCurrent
            counts.withLock { counts in
                counts.lines += 1
                if onMainActor { counts.onMainActor += 1 }
            }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch fields.first {
            case "folder" where fields.count == 3:
                batch.folders.append(FolderSnapshot(id: FolderID(Int64(fields[1]) ?? 0), name: fields[2]))
            case "note" where fields.count == 7:
                batch.notes.append(NoteSnapshot(
                    id: NoteID(Int64(fields[1]) ?? 0), folder: FolderID(Int64(fields[2]) ?? 0),
                    title: fields[3], body: fields[4],
                    created: Date(timeIntervalSince1970: Double(fields[5]) ?? 0),
                    modified: Date(timeIntervalSince1970: Double(fields[6]) ?? 0)
                ))
            default:
                continue
            }
        }
        return batch
    }

    /// The lines of a file that holds `batches`.
    package static func lines(for batches: [NoteBatch]) -> [String] {
        batches.flatMap { batch in
            batch.folders.map { "folder\t\($0.id.rawValue)\t\($0.name)" }
                + batch.notes.map { note in
                    ["note", "\(note.id.rawValue)", "\(note.folder.rawValue)", note.title, note.body,
                     "\(note.created.timeIntervalSince1970)", "\(note.modified.timeIntervalSince1970)"]
                        .joined(separator: "\t")
                }
        }
    }

    /// Lines parsed so far in this process, and how many of them on the main actor.
    package static var parsed: (lines: Int, onMainActor: Int) {
        counts.withLock { ($0.lines, $0.onMainActor) }
    }

    private static let counts = Mutex((lines: 0, onMainActor: 0))
}
