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
        #expect(checksum.description == "665f1f8e423ff08e")
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

    @Test(
        "Known answers: single values hash to pinned values",
        arguments: [
            // Pinned from an independent implementation of the same function (the word-wise
            // mix of Checksum.swift, written again in Python), and matched by this one.
            ("", "1cc4a0dfd2102189"),
            ("a", "eefd91721ea001da"),
            ("abcdefgh", "dfd854cdb6bf4509"),  // exactly one word
            ("abcdefghi", "4278596bf193af3d"),  // one word and a one-byte tail
            ("Note 1: actor queue hop", "f8fb50f546d89db7"),
            ("café ☕️", "280fa5d6ca3ca469"),  // multi-byte UTF-8
        ]
    )
    func knownStrings(text: String, expected: String) {
        var checksum = Checksum()
        checksum.combine(text)
        #expect(checksum.description == expected)
    }

    @Test("Known answers: integers and dates hash to pinned values")
    func knownIntegersAndDates() {
        func digest(_ feed: (inout Checksum) -> Void) -> String {
            var checksum = Checksum()
            feed(&checksum)
            return checksum.description
        }
        #expect(digest { $0.combine(Int64(1)) } == "9ed79d1f7af437dd")
        #expect(digest { $0.combine(Int64(-1)) } == "3662eda1804ff2d4")
        #expect(digest { $0.combine(Date(timeIntervalSince1970: 1_700_000_000)) } == "9602752765909fbf")
    }

    @Test(
        "Where one string ends counts, at word boundaries and with NUL bytes too",
        arguments: [
            (("ab", "c"), ("a", "bc")),
            (("", "abc"), ("abc", "")),
            (("abcdefgh", "i"), ("abcdefghi", "")),
            (("abcdefg", "hi"), ("abcdefgh", "i")),
            (("a\0", "b"), ("a", "\0b")),
            (("a", ""), ("a\0", "")),  // a trailing NUL is not the padding of the last word
        ]
    )
    func stringBoundaries(first: (String, String), second: (String, String)) {
        var one = Checksum()
        one.combine(first.0)
        one.combine(first.1)
        var other = Checksum()
        other.combine(second.0)
        other.combine(second.1)
        #expect(one != other)
    }

    @Test("Every byte of a string counts: changing any one of them changes the checksum")
    func everyByteCounts() {
        let text = Array("Note 12: hop queue actor model".utf8)  // three words and a tail
        var seen: Set<Checksum> = []
        for index in -1..<text.count {
            var bytes = text
            if index >= 0 { bytes[index] ^= 0x01 }
            var checksum = Checksum()
            checksum.combine(String(decoding: bytes, as: UTF8.self))
            seen.insert(checksum)
        }
        #expect(seen.count == text.count + 1)
    }

    @Test("A string's checksum does not depend on how the string is stored")
    func storage() {
        let small = "hop"  // stored inline
        let large = String(repeating: "transaction ", count: 20)  // stored on the heap
        let bridged = String(decoding: Array(large.utf8), as: UTF8.self)
        let sliced = String(("xx" + large).dropFirst(2))
        for (one, other) in [(small, String("shop".dropFirst())), (large, bridged), (large, sliced)] {
            var first = Checksum()
            first.combine(one)
            var second = Checksum()
            second.combine(other)
            #expect(first == second)
        }
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
            (Checksum(), "cbf29ce484222325"),  // the initial value: the empty input
        ]
    )
    func description(checksum: Checksum, expected: String) {
        #expect(checksum.description == expected)
        #expect(checksum.description.count == 16)
        #expect(checksum.description.allSatisfy { "0123456789abcdef".contains($0) })
    }
}
