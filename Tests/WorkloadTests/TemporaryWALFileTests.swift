import Foundation
import RowKit
import Testing

/// The file a WAL row makes for itself when asked for memory.
@Suite("Temporary WAL file")
struct TemporaryWALFileTests {
    @Test("Each file has its own name in the temporary folder, named after its row")
    func namesAreFresh() {
        let first = TemporaryWALFile(row: "reader-pool"), second = TemporaryWALFile(row: "reader-pool")
        #expect(first != second)
        #expect(first.path.hasPrefix(FileManager.default.temporaryDirectory.path))
        #expect((first.path as NSString).lastPathComponent.hasPrefix("lab-reader-pool-"))
        #expect(!FileManager.default.fileExists(atPath: first.path), "naming a file makes nothing")
    }

    @Test("Removing takes the database with its -wal, -shm and -journal, leaves other files, and may run twice")
    func removesTheCompanions() throws {
        let file = TemporaryWALFile(row: "test")
        let others = [".keep", "-wal.old"].map { file.path + $0 }
        for path in ["", "-wal", "-shm", "-journal"].map({ file.path + $0 }) + others {
            #expect(FileManager.default.createFile(atPath: path, contents: Data("x".utf8)))
        }
        file.remove()
        for suffix in ["", "-wal", "-shm", "-journal"] {
            #expect(!FileManager.default.fileExists(atPath: file.path + suffix), "\(suffix)")
        }
        for path in others {
            #expect(FileManager.default.fileExists(atPath: path))
            try FileManager.default.removeItem(atPath: path)
        }
        file.remove()
    }
}
