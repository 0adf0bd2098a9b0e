#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - DatabaseLock

/// An exclusive lock on a `--database` file for one `lab bench` run, held on a lock file
/// beside it (`<file>.lab-lock`, holding the run's process ID) with `flock`.
///
/// Two runs on one file would empty and fill each other's tables and both end with a wrong
/// checksum; the second one refuses instead. The lock is not taken on the database itself:
/// SQLite locks it with `fcntl`, and on some systems `flock` and `fcntl` locks meet. The
/// kernel drops the lock when the process ends, however it ends, so a lock file left by a
/// killed run stops nobody.
final class DatabaseLock {
    let path: String
    private var descriptor: Int32

    /// Takes the lock for `database`, or throws at once when another run holds it.
    init(for database: String) throws(LabError) {
        path = database + ".lab-lock"
        while true {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw .data("cannot create the lock file '\(path)': \(POSIXFailure.current.message)") }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let failure = POSIXFailure.current
                let holder = Self.holder(descriptor)
                close(descriptor)
                guard failure.code == EWOULDBLOCK else { throw .data("cannot lock '\(path)': \(failure.message)") }
                let pid = holder.map { " (process \($0))" } ?? ""
                throw .data("--database '\(database)' is in use by another lab bench run\(pid); run one at a time")
            }
            // The run before may have removed the lock file between our open and our flock:
            // then this lock is on a file no other run can see. Start again on the new one.
            if Self.isStillAt(path, descriptor) {
                self.descriptor = descriptor
                Interruption.removeIfInterrupted(path)
                Self.record(getpid(), in: descriptor)
                return
            }
            close(descriptor)
        }
    }

    deinit { release() }

    /// Removes the lock file, then lets the lock go: a run waiting on the old file then
    /// finds it gone and takes a new one.
    func release() {
        guard descriptor >= 0 else { return }
        unlink(path)
        Interruption.forget(path)
        close(descriptor)
        descriptor = -1
    }

    // MARK: Helpers

    private static func isStillAt(_ path: String, _ descriptor: Int32) -> Bool {
        var held = stat()
        var current = stat()
        return fstat(descriptor, &held) == 0 && stat(path, &current) == 0
            && held.st_dev == current.st_dev && held.st_ino == current.st_ino
    }

    private static func record(_ pid: pid_t, in descriptor: Int32) {
        let text = Array("\(pid)\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    /// The process ID the holder wrote, when it did.
    private static func holder(_ descriptor: Int32) -> pid_t? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return pid_t(String(decoding: bytes.prefix(count), as: UTF8.self).trimmingWhitespace)
    }
}

private extension String {
    var trimmingWhitespace: String { String(filter { !$0.isWhitespace }) }
}
