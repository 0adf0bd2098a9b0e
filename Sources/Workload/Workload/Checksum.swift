import NoteStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - Checksum

/// A fixed 64-bit hash: the same input gives the same value in every process, on every
/// machine. (Swift's `Hasher` is seeded per process, so it cannot prove two runs did the
/// same work.)
///
/// Every input is fed as 64-bit words, each through MurmurHash64A's mixing step: an
/// integer is one word; a string is its UTF-8 byte count, then its bytes eight at a time
/// (little-endian, the last word padded with zeros). The count comes first, so a sequence
/// of strings decodes one way only: ("ab", "c") and ("a", "bc") differ. Reading a string
/// a word at a time, not a byte at a time, keeps the digest of every value read cheap
/// next to the read itself.
public struct Checksum: Hashable, Sendable, Codable {
    public private(set) var value: UInt64

    /// The empty input's value (FNV-1a's offset basis, kept from the earlier byte-wise hash).
    private static let initial: UInt64 = 0xcbf2_9ce4_8422_2325
    /// MurmurHash64A's multiplier and shift.
    private static let multiplier: UInt64 = 0xc6a4_a793_5bd1_e995
    private static let shift: UInt64 = 47

    public init() { value = Self.initial }

    public init(value: UInt64) { self.value = value }

    // MARK: Feeding

    public mutating func combine(_ integer: Int64) {
        mix(UInt64(bitPattern: integer))
    }

    public mutating func combine(_ text: String) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { combine(utf8: $0) }
        if done == nil { combine(utf8: Array(text.utf8)) }
    }

    /// Dates at millisecond resolution: what survives a round trip through SQLite's REAL.
    public mutating func combine(_ date: Date) {
        combine(Int64((date.timeIntervalSince1970 * 1000).rounded()))
    }

    public mutating func combine(_ other: Checksum) { combine(Int64(bitPattern: other.value)) }

    private mutating func combine(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        mix(UInt64(bytes.count))  // first, so where one string ends is never in doubt
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        while offset + 8 <= raw.count {
            mix(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        guard offset < raw.count else { return }
        var tail: UInt64 = 0
        for index in offset..<raw.count {
            tail |= UInt64(raw[index]) << (8 * UInt64(index - offset))
        }
        mix(tail)
    }

    private mutating func combine(utf8 bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { combine(utf8: $0) }
    }

    @inline(__always)
    private mutating func mix(_ word: UInt64) {
        var word = word &* Self.multiplier
        word ^= word >> Self.shift
        word = word &* Self.multiplier
        value = (value ^ word) &* Self.multiplier
    }
}

// MARK: - Database contents

extension Checksum {
    /// The checksum of a database's contents: folders, then notes, each in identifier order.
    /// Every row computes it the same way from what it reads back.
    public static func contents(folders: [FolderSnapshot], notes: [NoteSnapshot]) -> Checksum {
        var digest = ContentsDigest(folders: folders, noteCount: notes.count)
        for note in notes { digest.add(note) }
        return digest.checksum
    }

    public mutating func combine(_ folder: FolderSnapshot) {
        combine(folder.id.rawValue)
        combine(folder.name)
    }

    public mutating func combine(_ note: NoteSnapshot) {
        combine(note.id.rawValue)
        combine(note.folder.rawValue)
        combine(note.title)
        combine(note.body)
        combine(note.created)
        combine(note.modified)
    }
}

// MARK: - ContentsDigest

/// ``Checksum/contents(folders:notes:)`` fed one note at a time, so that a database of
/// millions of notes is checksummed holding one. The note count comes before the notes in
/// the digest, so it is given first; notes must come in identifier order.
public struct ContentsDigest: Sendable {
    private var running = Checksum()
    private let noteCount: Int
    private var notesAdded = 0

    public init(folders: [FolderSnapshot], noteCount: Int) {
        running.combine(Int64(folders.count))
        for folder in folders { running.combine(folder) }
        running.combine(Int64(noteCount))
        self.noteCount = noteCount
    }

    public mutating func add(_ note: NoteSnapshot) {
        running.combine(note)
        notesAdded += 1
    }

    /// The checksum of the contents. When fewer or more notes came than the count given
    /// first, the count that came is mixed in too, so the result matches no database's.
    public var checksum: Checksum {
        guard notesAdded != noteCount else { return running }
        var mismatched = running
        mismatched.combine(Int64(notesAdded))
        return mismatched
    }
}

// MARK: - CustomStringConvertible

extension Checksum: CustomStringConvertible {
    /// Sixteen hexadecimal digits.
    public var description: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

// MARK: - Reading a context

extension NoteContext {
    /// The checksum of everything saved, read through this context. Call it on the
    /// context's queue.
    public func contentChecksum() throws(NoteStoreError) -> Checksum {
        let folders = try fetchFolders().map(\.snapshot)
        var digest = ContentsDigest(folders: folders, noteCount: try fetchedNoteCount())
        try forEachNoteSnapshot { digest.add($0) }
        return digest.checksum
    }
}
