import Foundation
import NoteStore
import Testing
import Workload

/// The checksum is a fixed function of its input: what lets two rows prove they did the same work.
@Suite("Checksum")
struct ChecksumTests {
    @Test("A tiny fixed database has a pinned checksum")
    func goldenContents() {
        // Computed once and pinned. If this changes, the checksum function changed, and with
        // it every checksum ever published (Docs/Results.md, saved JSON reports, thresholds).
        let created = Date(timeIntervalSince1970: 1_700_000_000)
        let checksum = Checksum.contents(
            folders: [FolderSnapshot(id: FolderID(1), name: "Inbox")],
            notes: [
                NoteSnapshot(
                    id: NoteID(1), folder: FolderID(1), title: "Hello", body: "World",
                    created: created, modified: created.addingTimeInterval(60)
                ),
            ]
        )
        #expect(checksum.description == "8b82ea11de974f4d")
    }

    @Test("Text boundaries count: (\"ab\", \"c\") and (\"a\", \"bc\") differ")
    func textBoundaries() {
        var first = Checksum()
        first.combine("ab")
        first.combine("c")
        var second = Checksum()
        second.combine("a")
        second.combine("bc")
        #expect(first != second)
    }

    @Test("Order counts: the same values in another order differ")
    func order() {
        var first = Checksum()
        first.combine(Int64(1))
        first.combine(Int64(2))
        var second = Checksum()
        second.combine(Int64(2))
        second.combine(Int64(1))
        #expect(first != second)
    }

    @Test("Dates count to the millisecond, what survives SQLite's REAL")
    func dateResolution() {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        func digest(_ date: Date) -> Checksum {
            var checksum = Checksum()
            checksum.combine(date)
            return checksum
        }
        #expect(digest(date) == digest(date.addingTimeInterval(0.000_1)))
        #expect(digest(date) != digest(date.addingTimeInterval(0.001)))
    }

    @Test(
        "The description is 16 lowercase hexadecimal digits",
        arguments: [
            (Checksum(value: 0), "0000000000000000"),
            (Checksum(value: 0xAB), "00000000000000ab"),
            (Checksum(value: .max), "ffffffffffffffff"),
            (Checksum(), "cbf29ce484222325"),  // FNV-1a's offset basis: the empty input
        ]
    )
    func description(checksum: Checksum, expected: String) {
        #expect(checksum.description == expected)
        #expect(checksum.description.count == 16)
        #expect(checksum.description.allSatisfy { "0123456789abcdef".contains($0) })
    }
}
