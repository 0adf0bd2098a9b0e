import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - DatabaseLock

/// An exclusive lock on a `--database` file for one `lab bench` run: `flock` on the file
/// itself, so the lock is the file's, not its name's. A hard link or a symbolic link to a
/// database in use reaches the same file, and the same lock.
///
/// Two runs on one file would empty and fill each other's tables (one pair through two
/// hard links corrupted the file); the second one refuses instead, naming the first run's
/// process ID, which the kernel reports with the lock (Linux: `/proc/locks`). Nothing is
/// written beside the database, and the kernel drops the lock when the process ends,
/// however it ends, so a killed run stops nobody.
///
/// `flock` and SQLite's own `fcntl` locks are apart on Linux's local file systems (see
/// flock(2)); WAL, which every lab database uses, needs a local file system anyway. The
/// descriptor is closed only at the end of the run, after every connection: closing a
/// descriptor of a file drops the `fcntl` locks the process holds on it.
package final class DatabaseLock {
    package let path: String
    /// The file locked: what `path` named when the lock was taken.
    package private(set) var identity: FileIdentity
    private var descriptor: Int32

    /// Locks the file at `path` (which must exist and must not be a symbolic link: give the
    /// resolved path), or throws at once when another process holds it.
    package init(for path: String) throws(LabError) {
        self.path = path
        while true {
            let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else {
                throw .data("cannot open --database '\(path.shown)' to lock it: \(POSIXFailure.current.message)")
            }
            do throws(LabError) {
                let identity = try Self.lock(descriptor, path: path)
                // The file may have been replaced between the open and the lock (a claim
                // renames a new database into place): then this lock is on a file no other
                // run can reach. Start again on the one there now.
                if identity.isAt(path) {
                    self.descriptor = descriptor
                    self.identity = identity
                    return
                }
                close(descriptor)
            } catch {
                close(descriptor)
                throw error
            }
        }
    }

    /// Takes over the lock already held on `descriptor` (a file this run just made).
    package init(holding descriptor: Int32, at path: String, identity: FileIdentity) {
        self.path = path
        self.descriptor = descriptor
        self.identity = identity
    }

    deinit { release() }

    /// Lets the lock go. Call after every connection to the file is closed.
    package func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    // MARK: Helpers

    /// Locks the file open on `descriptor` at once, or throws with the holder's process ID.
    package static func lock(_ descriptor: Int32, path: String) throws(LabError) -> FileIdentity {
        let identity: FileIdentity
        do {
            identity = try FileStatus.of(descriptor: descriptor).identity
        } catch {
            throw .data("cannot inspect --database '\(path.shown)': \(error.message)")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let failure = POSIXFailure.current
            guard failure.code == EWOULDBLOCK else { throw .data("cannot lock --database '\(path.shown)': \(failure.message)") }
            // A claim may have just renamed a new database over the file this run opened:
            // then the holder holds the file at the path now.
            let now = (try? FileStatus.of(path))?.identity
            throw inUse(path, holder: holder(of: identity) ?? now.flatMap(holder(of:)))
        }
        return identity
    }

    package static func inUse(_ path: String, holder: pid_t?) -> LabError {
        let process = holder.map { " (process \($0))" } ?? ""
        return .data("--database '\(path.shown)' is in use by another lab bench run\(process); run one at a time")
    }

    /// The process that holds a `flock` lock on the file, from the kernel's table of locks:
    /// `1: FLOCK  ADVISORY  WRITE 4242 08:01:1234567 0 EOF` (Linux).
    package static func holder(of identity: FileIdentity) -> pid_t? {
        #if os(Linux)
        holder(of: identity) { try? FileHandle(forReadingAtPath: "/proc/locks")?.readToEnd() }
        #else
        return nil
        #endif
    }

    /// ``holder(of:)`` from the tables `reading` returns, one per reading.
    package static func holder(of identity: FileIdentity, reading: () -> Data?) -> pid_t? {
        #if os(Linux)
        // The kernel writes the table a page at a time, and starts each page again by its
        // line number: a lock taken or released by another process between two pages moves
        // the lines after it, and one can be skipped. The line of a lock held all along is
        // then missing from one reading, not from all (9 of 300 lookups of one reading each
        // missed a held lock while two threads took and released 30 locks each:
        // DatabaseLockTests): read again, up to 20 times, before saying there is none.
        for attempt in 0..<20 {
            if attempt > 0 { usleep(2_000) }
            if let data = reading(), let holder = holder(of: identity, inTable: String(decoding: data, as: UTF8.self)) { return holder }
        }
        return nil
        #else
        return nil
        #endif
    }

    #if os(Linux)
    /// The holder, from one reading of the table. Read to the end: `String(contentsOfFile:)`
    /// stops at 4 KiB on a file of /proc, whose size says 0, and a busy machine's table of
    /// locks is longer.
    private static func holder(of identity: FileIdentity, inTable table: String) -> pid_t? {
        // The kernel prints the device as major:minor in hexadecimal, from st_dev's fields.
        let major = ((identity.device >> 8) & 0xFFF) | ((identity.device >> 32) & ~0xFFF)
        let minor = (identity.device & 0xFF) | ((identity.device >> 12) & ~0xFF)
        let file = "\(String(major, radix: 16, uppercase: false).leftPadded(2)):\(String(minor, radix: 16).leftPadded(2)):\(identity.inode)"
        for line in table.split(separator: "\n") where !line.contains("->") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[1] == "FLOCK", fields[5] == file else { continue }
            return pid_t(fields[4])
        }
        return nil
    }
    #endif
}

private extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
