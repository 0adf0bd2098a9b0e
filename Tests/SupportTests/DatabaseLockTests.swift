import Foundation
import Support
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lock a `lab bench` run holds on its database, and how a second run names the first.
@Suite("The database lock")
struct DatabaseLockTests {
    @Test("The holder is found in a table of locks longer than a page", .enabled(if: Self.kernelListsLocks))
    func holderInALongTable() throws {
        let folder = try TemporaryFolder()
        // Taken first, so that the kernel lists it after the others, past the first 4 KiB.
        let lock = try DatabaseLock(for: Self.emptyFile(folder.path("lab.sqlite")))
        defer { lock.release() }
        let others = try (0..<120).map { index in try DatabaseLock(for: Self.emptyFile(folder.path("other-\(index)"))) }
        defer { others.forEach { $0.release() } }
        #expect(DatabaseLock.holder(of: lock.identity) == getpid())
    }

    @Test(
        "The holder is found while other locks are taken and released: a line the kernel's table skipped between two pages is read again",
        .enabled(if: Self.kernelListsLocks)
    )
    func holderWhileOtherLocksChange() async throws {
        let folder = try TemporaryFolder()
        let lock = try DatabaseLock(for: Self.emptyFile(folder.path("lab.sqlite")))
        defer { lock.release() }
        let paths = (0..<60).map { Self.emptyFile(folder.path("churn-\($0)")) }
        let stop = Atomic<Bool>(false)
        // Two threads take and release 30 locks each, over and over: every reading of the
        // table meets lines that come and go before the run's own.
        let churners = (0..<2).map { half in
            Thread {
                let descriptors = paths[(half * 30)..<(half * 30 + 30)].map { open($0, O_RDONLY | O_CLOEXEC) }
                defer { descriptors.forEach { close($0) } }
                while !stop.load(ordering: .relaxed) {
                    for descriptor in descriptors { flock(descriptor, LOCK_EX) }
                    for descriptor in descriptors { flock(descriptor, LOCK_UN) }
                }
            }
        }
        churners.forEach { $0.start() }
        defer { stop.store(true, ordering: .relaxed) }
        var missed = 0
        for _ in 0..<300 where DatabaseLock.holder(of: lock.identity) != getpid() { missed += 1 }
        #expect(missed == 0, "the held lock was not found in \(missed) of 300 lookups")
    }

    @Test(
        "A reading that misses the holder's line is read again: the holder is found on the third reading, and none after twenty",
        .enabled(if: Self.kernelListsLocks)
    )
    func readAgainWhenALineIsSkipped() throws {
        let folder = try TemporaryFolder()
        let lock = try DatabaseLock(for: Self.emptyFile(folder.path("lab.sqlite")))
        defer { lock.release() }
        let table = try #require(try FileHandle(forReadingAtPath: "/proc/locks")?.readToEnd())
        let without = Data(String(decoding: table, as: UTF8.self).split(separator: "\n")
            .filter { !$0.contains(":\(lock.identity.inode) ") }.joined(separator: "\n").utf8)
        var readings = 0
        let found = DatabaseLock.holder(of: lock.identity) {
            readings += 1
            return readings < 3 ? without : table
        }
        #expect(found == getpid())
        #expect(readings == 3)
        readings = 0
        #expect(DatabaseLock.holder(of: lock.identity) { readings += 1; return without } == nil)
        #expect(readings == 20)
    }

    /// Whether the kernel lists its locks (/proc/locks, Linux), which the holder is read from.
    static let kernelListsLocks = FileManager.default.fileExists(atPath: "/proc/locks")

    /// Makes an empty file at `path` and returns the path.
    static func emptyFile(_ path: String) -> String {
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        return path
    }
}
