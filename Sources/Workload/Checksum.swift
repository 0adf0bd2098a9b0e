import NoteStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - Checksum

/// A fixed 64-bit FNV-1a hash: the same input gives the same value in every process.
/// (Swift's `Hasher` is seeded per process, so it cannot prove two runs did the same work.)
public struct Checksum: Hashable, Sendable, Codable {
    public private(set) var value: UInt64

    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    public init() { value = Self.offsetBasis }

    public init(value: UInt64) { self.value = value }

    // MARK: Feeding

    public mutating func combine(_ integer: Int64) {
        var bits = UInt64(bitPattern: integer)
        for _ in 0..<8 {
            mix(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }

    public mutating func combine(_ text: String) {
        for byte in text.utf8 { mix(byte) }
        mix(0)  // a terminator, so ("ab", "c") and ("a", "bc") differ
    }

    /// Dates at millisecond resolution: what survives a round trip through SQLite's REAL.
    public mutating func combine(_ date: Date) {
        combine(Int64((date.timeIntervalSince1970 * 1000).rounded()))
    }

    public mutating func combine(_ other: Checksum) { combine(Int64(bitPattern: other.value)) }

    @inline(__always)
    private mutating func mix(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* Self.prime
    }
}

// MARK: - Database contents

extension Checksum {
    /// The checksum of a database's contents: folders, then notes, each in identifier order.
    /// Every row computes it the same way from what it reads back.
    public static func contents(folders: [FolderSnapshot], notes: [NoteSnapshot]) -> Checksum {
        var checksum = Checksum()
        checksum.combine(Int64(folders.count))
        for folder in folders { checksum.combine(folder) }
        checksum.combine(Int64(notes.count))
        for note in notes { checksum.combine(note) }
        return checksum
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
        let notes = try fetch(NoteFetchDescriptor(sortBy: .id)).map(\.snapshot)
        return .contents(folders: folders, notes: notes)
    }
}
