
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - SideFile

/// A file the lab makes beside one of the user's for a moment (a report staged before its
/// rename, a database built before it is moved into place): made exclusively under a name
/// nobody else uses, never through a symbolic link, and removed only while it is still the
/// file the lab made.
package struct SideFile {
    package let path: String
    package let descriptor: Int32
    package let identity: FileIdentity

    /// The longest suffix SQLite adds to a database's name (`-journal`): a side file that
    /// becomes a database leaves room for it.
    package static let sqliteSuffix = 8
    /// The bytes a file name may have on Linux's and macOS's file systems.
    package static let nameMax = 255

    /// Creates `.NAME.lab-1a2b3c4d` beside `path` with `mode` (the umask applies), open for
    /// writing: `O_CREAT | O_EXCL | O_NOFOLLOW`, so an existing file or link at that name is
    /// never opened, and another name is tried.
    package static func create(beside path: String, mode: mode_t = 0o666) throws(POSIXFailure) -> SideFile {
        while true {
            let name = name(beside: path)
            let descriptor = open(name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            guard descriptor >= 0 else {
                if errno == EEXIST { continue }
                throw .current
            }
            do {
                return SideFile(path: name, descriptor: descriptor, identity: try FileStatus.of(descriptor: descriptor).identity)
            } catch {
                close(descriptor)
                unlink(name)
                throw error
            }
        }
    }

    /// A hidden name beside `path`, from as much of its name as fits: a 250-byte file name
    /// is valid, and so must the lab's name beside it be.
    package static func name(beside path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? "file"
        let suffix = ".lab-" + String(UInt32.random(in: .min ... .max), radix: 16)
        let room = nameMax - sqliteSuffix - 1 - suffix.utf8.count
        var kept = ""
        for character in name {
            guard kept.utf8.count + character.utf8.count <= room else { break }
            kept.append(character)
        }
        return "\(folder(of: path))/.\(kept)\(suffix)"
    }

    /// Replaces `path` whole: `data` written into a new side file, flushed, and renamed over
    /// it, so a reader sees the old file or the new one. The side file goes on a failure,
    /// and on a signal that stops the command.
    package static func replace(_ path: String, with data: [UInt8], mode: mode_t = 0o644) throws(POSIXFailure) {
        let staged = try create(beside: path, mode: mode)
        Interruption.removeIfInterrupted(staged.path, identity: staged.identity)
        defer { Interruption.forget(staged.path) }
        var offset = 0
        var failure: POSIXFailure?
        while offset < data.count, failure == nil {
            let count = data.withUnsafeBytes { write(staged.descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { failure = count < 0 ? .current : POSIXFailure(code: EIO) } else { offset += count }
        }
        if failure == nil, fsync(staged.descriptor) != 0 { failure = .current }
        if failure == nil, rename(staged.path, path) != 0 { failure = .current }
        // Closed only now: while it is open, its inode cannot go to another file, so the
        // removal below removes the lab's file or nothing.
        if failure != nil { remove(staged.path, ifStill: staged.identity) }
        close(staged.descriptor)
        if let failure { throw failure }
    }

    /// Removes the file at `path` only while it is the one `identity` names.
    package static func remove(_ path: String, ifStill identity: FileIdentity) {
        if identity.isAt(path) { unlink(path) }
    }

    /// A relative path needs the current folder: when it was removed (`getcwd` fails), say
    /// so instead of naming a folder '' or '.' that "does not exist".
    package static func checkCurrentFolder(for argument: String, option: String) throws(LabError) {
        guard !argument.hasPrefix("/") else { return }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) == nil else { return }
        let failure = POSIXFailure.current
        throw .usage(
            "\(option) '\(argument.shown)' is relative to the current folder, which cannot be found (\(failure.message)): cd to a folder that exists, or give an absolute path"
        )
    }

    package static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
