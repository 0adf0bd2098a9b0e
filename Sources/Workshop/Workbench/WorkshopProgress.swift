import Foundation
import NoteStore
import WorkshopChecks
import Support

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - WorkshopProgress

/// What a learner has done so far, kept in `Workshop/.progress.json` (ignored by git): the
/// result of each exercise's last check, on which version of its files, and the hints seen.
///
/// Every change is a read-modify-write under a lock (``update(at:_:)``), replaced whole by a
/// rename, so that concurrent commands (14 `hint`s at once) keep each other's records and a
/// reader sees the old file or the new one. An entry that cannot be read is never dropped:
/// it is reported on standard error, and the next change moves it aside, into
/// `.progress.json.damaged` (or `.damaged.2`, …), before it writes the rest.
package struct WorkshopProgress: Codable, Equatable {
    package struct Entry: Codable, Equatable {
        /// Whether the last check passed, and the digest of the files it checked.
        var passed: Bool?
        var checkedDigest: String?
        /// The digest of the starter that `reset` put back: while the files are still that,
        /// the exercise is "not started" again.
        var resetDigest: String?
        var hintsShown = 0
    }

    /// By exercise number.
    package var exercises: [Int: Entry] = [:]

    package subscript(exercise: Exercise) -> Entry {
        get { exercises[exercise.number] ?? Entry() }
        set { exercises[exercise.number] = newValue }
    }

    // MARK: Reading

    /// What a read of the file found: the entries it could read, and what it could not.
    package struct Read {
        var progress = WorkshopProgress()
        /// The file's bytes when none of it could be read (not JSON, not an object).
        var damagedFile: Data?
        /// The entries that could not be read, by their key, as JSON text.
        var damagedEntries: [String: Data] = [:]

        var isDamaged: Bool { damagedFile != nil || !damagedEntries.isEmpty }
    }

    /// The progress saved at `url`, or none yet, reporting any damage on standard error.
    /// Changes nothing: a command that only reads (the list) leaves the file as it is.
    package static func load(from url: URL) -> WorkshopProgress {
        guard let read = try? read(url) else { return WorkshopProgress() }
        if read.isDamaged, reported.withLock({ $0.insert(url.path).inserted }) { report(read, at: url, keptAside: nil) }
        return read.progress
    }

    /// The files whose damage this process has reported: once each is enough.
    private static let reported = LockedValue<Set<String>>([])

    /// Reads the file entry by entry; nil when there is none. A symbolic link at its name is
    /// refused: the lab keeps its progress in a file of its own.
    package static func read(_ url: URL) throws(LabError) -> Read? {
        let descriptor = open(url.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let failure = POSIXFailure.current
            if failure.code == ENOENT { return nil }
            throw .data("cannot read the workshop's progress, '\(url.path.shown)': \(failure.message); "
                + (failure.code == ELOOP ? "it is a symbolic link: remove it, and the next command starts a new one" : "check its permissions"))
        }
        defer { close(descriptor) }
        guard (try? FileStatus.of(descriptor: descriptor))?.kind == .regular else {
            throw .data("the workshop's progress, '\(url.path.shown)', is not a regular file: remove it, and the next command starts a new one")
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw .data("cannot read the workshop's progress, '\(url.path.shown)': \(POSIXFailure.current.message)")
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[..<count])
        }
        return parse(data)
    }

    /// The entries of `data` that decode, and the rest set aside.
    package static func parse(_ data: Data) -> Read {
        var read = Read()
        if data.isEmpty { return read }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let exercises = object["exercises"] as? [String: Any]
        else {
            read.damagedFile = data
            return read
        }
        for (key, value) in exercises {
            let entry = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]))
            // Only a key as the lab writes it: "07" or "+7" would name exercise 7 a second
            // time, and one of the two would be dropped without a word.
            if let number = Int(key), String(number) == key, ExerciseCatalog.exercise(number) != nil, let entry,
               let decoded = try? JSONDecoder().decode(Entry.self, from: entry), decoded.hintsShown >= 0 {
                read.progress.exercises[number] = decoded
            } else {
                read.damagedEntries[key] = entry ?? Data("null".utf8)
            }
        }
        return read
    }

    // MARK: Changing

    /// Reads the progress, lets `change` modify it and writes it back, all under a lock on
    /// the workshop's folder; damaged entries are moved aside first. Returns `change`'s value.
    @discardableResult
    package static func update<T>(at url: URL, _ change: (inout WorkshopProgress) throws(LabError) -> T) throws(LabError) -> T {
        let lock = try FolderLock(url.deletingLastPathComponent().path)
        defer { lock.release() }
        var read = try read(url) ?? Read()
        if read.isDamaged {
            let aside = try keepAside(read, beside: url)
            report(read, at: url, keptAside: aside)
        }
        let value = try change(&read.progress)
        try read.progress.save(to: url)
        return value
    }

    /// Writes the progress whole beside the file, then renames it into place.
    private func save(to url: URL) throws(LabError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(self)
        } catch {
            throw .data("cannot encode the workshop's progress: \(error)")
        }
        do {
            try SideFile.replace(url.path, with: Array(data))
        } catch {
            throw .io("cannot save the workshop's progress to '\(url.path.shown)': \(error.message)")
        }
    }

    // MARK: Damage

    /// Writes what could not be read into a new file beside the progress, and returns its
    /// path: `.progress.json.damaged`, or `.damaged.2`, … when one is already there.
    private static func keepAside(_ read: Read, beside url: URL) throws(LabError) -> String {
        var data = read.damagedFile ?? Data()
        if read.damagedFile == nil {
            let entries = read.damagedEntries.keys.sorted().map { key in
                "    \(jsonString(key)): " + String(decoding: read.damagedEntries[key] ?? Data(), as: UTF8.self)
            }
            data = Data(("{\n  \"exercises\": {\n" + entries.joined(separator: ",\n") + "\n  }\n}\n").utf8)
        }
        for attempt in 1...1000 {
            let path = url.path + ".damaged" + (attempt == 1 ? "" : ".\(attempt)")
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor < 0, errno == EEXIST { continue }
            guard descriptor >= 0 else {
                throw .io("cannot keep the damaged part of '\(url.path.shown)' aside in '\(path.shown)': \(POSIXFailure.current.message); nothing was changed")
            }
            let complete = writeAll(data, to: descriptor)
            guard complete, fsync(descriptor) == 0, close(descriptor) == 0 else {
                let reason = POSIXFailure.current.message
                unlink(path)
                throw .io("cannot keep the damaged part of '\(url.path.shown)' aside in '\(path.shown)': \(reason); nothing was changed")
            }
            return path
        }
        throw .io("cannot keep the damaged part of '\(url.path.shown)' aside: 1,000 files of that name are already there; remove them")
    }

    /// One line on standard error for what could not be read.
    private static func report(_ read: Read, at url: URL, keptAside: String?) {
        let what = read.damagedFile != nil
            ? "cannot be read as the workshop's progress"
            : "has \(read.damagedEntries.count == 1 ? "an entry" : "\(read.damagedEntries.count) entries") that cannot be read ("
                + read.damagedEntries.keys.sorted().map { "'\($0.shown)'" }.joined(separator: ", ") + ")"
        let kept = keptAside.map { "; kept aside in '\($0.shown)', and left out of the file" }
            ?? "; the next command that records progress keeps it aside in \(url.lastPathComponent).damaged"
        StandardStreams.printError("\(url.lastPathComponent) \(what)\(kept)")
    }

    /// Writes every byte of `data`, through partial writes; false with errno set on a failure.
    private static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = writeBytes(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }

    private static func jsonString(_ text: String) -> String {
        (try? JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed]))
            .map { String(decoding: $0, as: UTF8.self) } ?? "\"?\""
    }
}

// MARK: - FolderLock

/// An exclusive `flock` on a folder, for a read-modify-write of a file in it: a lock on the
/// file itself would be lost when a rename replaces it, and a lock file beside it would be
/// one more file to trust. Waits up to 10 s for another command that holds it.
package final class FolderLock {
    private var descriptor: Int32

    package init(_ folder: String) throws(LabError) {
        descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .data("cannot open the folder '\(folder.shown)' to lock it: \(POSIXFailure.current.message)")
        }
        for _ in 0..<1000 {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return }
            guard errno == EWOULDBLOCK || errno == EINTR else { break }
            usleep(10_000)
        }
        let failure = POSIXFailure.current
        close(descriptor)
        descriptor = -1
        throw .data("cannot lock the folder '\(folder.shown)': \(failure.message); another lab workshop command may be stuck holding it")
    }

    deinit { release() }

    package func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }
}

/// `read(2)` and `write(2)`, named apart from the methods around them.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
