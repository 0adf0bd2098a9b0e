import Foundation
import Support
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files the lab makes beside the user's (a staged report, a database being built, the
/// progress file's new version): made exclusively under a name nobody else uses, never
/// through a link, removed only while still the lab's.
@Suite("The lab's side files")
struct SideFileTests {
    @Test("A side file is new and the lab's: made beside its path, under a hidden name, never where something is")
    func createsExclusively() throws {
        let folder = try TemporaryFolder()
        let file = try SideFile.create(beside: folder.path("report.json"))
        defer { close(file.descriptor) }
        #expect(file.path.hasPrefix(folder.path(".report.json.lab-")))
        #expect(try FileStatus.of(file.path, followingLinks: false)?.kind == .regular)
        #expect(try FileStatus.of(file.path)?.identity == file.identity)
    }

    @Test("A side file is removed only while it is still the lab's", arguments: ["replaced by a file", "replaced by a link"])
    func removesOnlyItsOwn(_ replacement: String) throws {
        let folder = try TemporaryFolder()
        // Held open, as the lab holds it until it renames or removes it: its inode cannot be
        // given to the file that replaces it.
        let file = try SideFile.create(beside: folder.path("report.json"))
        defer { close(file.descriptor) }
        unlink(file.path)
        if replacement == "replaced by a link" {
            try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/etc/hostname")
        } else {
            try Data("someone else's\n".utf8).write(to: URL(fileURLWithPath: file.path))
        }

        SideFile.remove(file.path, ifStill: file.identity)

        #expect(try FileStatus.of(file.path, followingLinks: false) != nil, "what replaced it stays")
    }

    @Test("The name beside a 250-byte name fits in a file name, with room for SQLite's -journal")
    func namesFit() {
        let name = String(repeating: "é", count: 125)
        #expect(name.utf8.count == 250)
        let side = SideFile.name(beside: "/tmp/" + name)
        let last = side.split(separator: "/").last.map(String.init) ?? ""
        #expect(last.utf8.count + SideFile.sqliteSuffix <= SideFile.nameMax)
        #expect(last.hasPrefix(".é"))
        #expect(String(last.utf8.dropFirst()) != nil, "cut at a character, not inside one")
    }
}
