#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - FileStatus

/// What is at a path, from `stat`: asked before anything opens it, so that a device, a FIFO
/// or a folder is never handed to SQLite or replaced by a rename.
package struct FileStatus {
    package enum Kind: Equatable {
        case regular, directory, symbolicLink, characterDevice, blockDevice, fifo, socket, other

        /// How a message names it.
        package var name: String {
            switch self {
            case .regular: "a regular file"
            case .directory: "a folder"
            case .symbolicLink: "a symbolic link"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            case .fifo: "a FIFO"
            case .socket: "a socket"
            case .other: "a special file"
            }
        }
    }

    package let kind: Kind
    package let size: Int64
    package let mode: mode_t
    /// Which file it is: the same for every name of it (hard links, and a symbolic link
    /// followed).
    package let identity: FileIdentity
    /// How many names (hard links) the file has.
    package let links: UInt64
    /// The file's owner and group.
    package let owner: (user: uid_t, group: gid_t)

    /// The status of `path`, or nil when nothing is there. `followingLinks: false` reports a
    /// symbolic link itself (`lstat`).
    package static func of(_ path: String, followingLinks: Bool = true) throws(POSIXFailure) -> FileStatus? {
        var info = stat()
        let code = followingLinks ? stat(path, &info) : lstat(path, &info)
        guard code == 0 else {
            if errno == ENOENT { return nil }
            throw POSIXFailure.current
        }
        return FileStatus(info)
    }

    /// The status of an open descriptor.
    package static func of(descriptor: Int32) throws(POSIXFailure) -> FileStatus {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw POSIXFailure.current }
        return FileStatus(info)
    }

    private init(_ info: stat) {
        let kind: Kind =
            switch info.st_mode & S_IFMT {
            case S_IFREG: .regular
            case S_IFDIR: .directory
            case S_IFLNK: .symbolicLink
            case S_IFCHR: .characterDevice
            case S_IFBLK: .blockDevice
            case S_IFIFO: .fifo
            case S_IFSOCK: .socket
            default: .other
            }
        self.kind = kind
        size = Int64(info.st_size)
        mode = info.st_mode & 0o7777
        // dev_t is signed on Darwin, unsigned on Linux: its bits, either way.
        identity = FileIdentity(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(info.st_ino))
        links = UInt64(info.st_nlink)
        owner = (info.st_uid, info.st_gid)
    }

    /// The status at `path` without following a final symbolic link, or nil when nothing
    /// can be there: missing, or a name longer than the file system takes.
    package static func ifAny(_ path: String) throws(POSIXFailure) -> FileStatus? {
        do {
            return try of(path, followingLinks: false)
        } catch where error.code == ENAMETOOLONG {
            return nil
        }
    }
}

// MARK: - FileIdentity

/// A file's device and inode: what stays the same whatever name reaches it, and changes
/// when a name is made to point at another file.
package struct FileIdentity: Hashable, Sendable {
    package let device: UInt64
    package let inode: UInt64

    /// Whether the file at `path` (not following a link) is still this one.
    package func isAt(_ path: String) -> Bool {
        (try? FileStatus.of(path, followingLinks: false))?.identity == self
    }
}

// MARK: - POSIXFailure

/// A failed system call's `errno`, read at once, with the system's words for it.
package struct POSIXFailure: Error {
    package let code: Int32

    package static var current: POSIXFailure { POSIXFailure(code: errno) }

    package var message: String { String(cString: strerror(code)) }
}
