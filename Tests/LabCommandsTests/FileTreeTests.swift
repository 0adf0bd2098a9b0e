import Foundation
import TestSupport
import Testing
import Support

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lab removes its folders by descriptor and never follows a link, so a process that
/// swaps a subfolder for a link while a check's folder is removed cannot make the lab
/// delete anything outside it.
@Suite("Removing a folder tree")
struct FileTreeTests {
    /// A folder of `count` files outside the tree, which no removal may touch.
    func outsideFolder(in folder: TemporaryFolder, count: Int) throws -> String {
        let outside = folder.path("outside")
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        for index in 0..<count { try Data("kept".utf8).write(to: URL(fileURLWithPath: "\(outside)/\(index)")) }
        return outside
    }

    @Test("A link inside the tree is removed, not what it names")
    func linksAreNotFollowed() throws {
        let folder = try TemporaryFolder()
        let outside = try outsideFolder(in: folder, count: 10)
        let tree = folder.path("tree")
        try FileManager.default.createDirectory(atPath: tree + "/deep/er", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: tree + "/deep/er/file"))
        #expect(symlink(outside, tree + "/deep/link") == 0)
        #expect(symlink(outside + "/0", tree + "/file-link") == 0)
        #expect(FileTree.remove(tree))
        #expect(!FileManager.default.fileExists(atPath: tree))
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).count == 10)
    }

    @Test("A name that is not UTF-8 is removed too")
    func nonUTF8Names() throws {
        let folder = try TemporaryFolder()
        let tree = folder.path("tree")
        try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
        let name = Array(tree.utf8).map { CChar(bitPattern: $0) } + [47, -1, -2, 0]
        let file = open(name, O_CREAT | O_WRONLY, 0o600)
        #expect(file >= 0)
        close(file)
        #expect(FileTree.remove(tree))
        #expect(!FileManager.default.fileExists(atPath: tree))
    }

    @Test("A subfolder swapped for a link to another folder while the tree is removed leaves that folder whole")
    func swappedSubfolder() async throws {
        for _ in 0..<5 {
            let folder = try TemporaryFolder()
            let outside = try outsideFolder(in: folder, count: 300)
            let tree = folder.path("check")
            let sub = tree + "/sub"
            try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
            for index in 0..<300 { try Data("x".utf8).write(to: URL(fileURLWithPath: "\(sub)/\(index)")) }
            let done = AtomicFlag()
            // The attacker: again and again, moves the subfolder aside and puts a link to
            // the outside folder in its place, then moves it back.
            let attacker = Thread {
                while !done.isRaised {
                    rename(sub, tree + "/moved")
                    symlink(outside, sub)
                    sched_yield()
                    unlink(sub)
                    rename(tree + "/moved", sub)
                }
            }
            attacker.start()
            FileTree.remove(tree)
            done.raise()
            while attacker.isExecuting { try await Task.sleep(for: .milliseconds(1)) }
            #expect(try FileManager.default.contentsOfDirectory(atPath: outside).count == 300, "files outside the tree were removed")
        }
    }
}
