#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - FileTree

/// Removes a file, or a folder and everything below it, without ever following a link.
///
/// Each folder is opened with `O_NOFOLLOW` and emptied through its descriptor (`openat`,
/// `unlinkat`), never by a path: a process that swaps a subfolder for a link to another
/// folder while the tree is removed gets its link removed, and nothing it points to. Names
/// are kept as the bytes the folder holds, so a name that is not UTF-8 is removed too.
package enum FileTree {
    /// Removes `path` and what is below it; false when something could not be removed.
    @discardableResult
    package static func remove(_ path: String) -> Bool {
        var parentPath = path
        while parentPath.count > 1, parentPath.hasSuffix("/") { parentPath.removeLast() }
        guard let slash = parentPath.lastIndex(of: "/") else { return remove(Array(parentPath.utf8CString), in: ".") }
        let name = Array(String(parentPath[parentPath.index(after: slash)...]).utf8CString)
        let folder = slash == parentPath.startIndex ? "/" : String(parentPath[..<slash])
        return remove(name, in: folder)
    }

    private static func remove(_ name: [CChar], in folder: String) -> Bool {
        let parent = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parent >= 0 else { return errno == ENOENT }
        defer { close(parent) }
        return removeEntry(name, in: parent)
    }

    /// Removes the entry `name` of the folder open as `parent`: a file or a link by unlinking
    /// it, a folder by emptying it through a descriptor of its own and then removing it.
    private static func removeEntry(_ name: [CChar], in parent: Int32) -> Bool {
        if unlinkat(parent, name, 0) == 0 || errno == ENOENT { return true }
        // A folder: EISDIR on Linux, EPERM on macOS.
        guard errno == EISDIR || errno == EPERM else { return false }
        let folder = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else {
            // Swapped for a link or a file since: remove that entry, never what it names.
            return (errno == ELOOP || errno == ENOTDIR) && unlinkat(parent, name, 0) == 0
        }
        var emptied = removeContents(of: folder)
        // A file made in it meanwhile (a stop removes a run's folder while the run's own
        // threads may still be writing a database's -wal there): empty it again, a few times.
        for _ in 0..<3 {
            if unlinkat(parent, name, AT_REMOVEDIR) == 0 { return emptied }
            guard errno == ENOTEMPTY || errno == EEXIST else { return false }
            let again = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard again >= 0 else { return false }
            emptied = removeContents(of: again)
        }
        return unlinkat(parent, name, AT_REMOVEDIR) == 0 && emptied
    }

    /// Removes every entry of the folder open as `folder`, and closes it.
    private static func removeContents(of folder: Int32) -> Bool {
        let reading = dup(folder)
        guard reading >= 0, let stream = fdopendir(reading) else {
            if reading >= 0 { close(reading) }
            close(folder)
            return false
        }
        var names: [[CChar]] = []
        while let entry = readdir(stream) {
            // Read in place, up to its NUL: the record may be shorter than `d_name`'s type.
            let name = withUnsafePointer(to: &entry.pointee.d_name) { field in
                field.withMemoryRebound(to: CChar.self, capacity: 1) { start in
                    Array(UnsafeBufferPointer(start: start, count: strlen(start) + 1))
                }
            }
            if name != [46, 0], name != [46, 46, 0] { names.append(name) }
        }
        closedir(stream)
        var removedAll = true
        for name in names where !removeEntry(name, in: folder) { removedAll = false }
        close(folder)
        return removedAll
    }
}
