import Foundation
import Support
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
    @Test("The holder is found in a table of locks longer than a page", .enabled(if: FileManager.default.fileExists(atPath: "/proc/locks")))
    func holderInALongTable() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("lab.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        // Taken first, so that the kernel lists it after the others, past the first 4 KiB.
        let lock = try DatabaseLock(for: path)
        defer { lock.release() }
        let others = try (0..<120).map { index in try DatabaseLock(for: Self.emptyFile(folder.path("other-\(index)"))) }
        defer { others.forEach { $0.release() } }
        #expect(DatabaseLock.holder(of: lock.identity) == getpid())
    }

    /// Makes an empty file at `path` and returns the path.
    static func emptyFile(_ path: String) -> String {
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        return path
    }
}
