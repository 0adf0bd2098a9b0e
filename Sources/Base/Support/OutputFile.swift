#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - OutputFile

/// Where a result is written, checked before the benchmark runs, and how it is written.
///
/// A regular file is replaced whole, by a rename; a device or a FIFO is written through; a
/// socket is refused. Every failed write is a `LabError.io` (exit 74).
package enum OutputFile: Equatable {
    case descriptor(Int32, name: String)
    case device(String)
    /// A FIFO, opened before the run (`lab` keeps it open until the report is written).
    case fifo(Int32, path: String)
    case file(String)

    /// Checks `argument` as a destination: its kind, that it can be written, and for a
    /// regular file that a file can be created beside it. Writes nothing that stays.
    package init(checking argument: String) throws(LabError) {
        if let descriptor = Self.namedDescriptor(argument) {
            self = .descriptor(descriptor.number, name: descriptor.name)
            guard !StandardStreams.closedAtLaunch.contains(descriptor.number) else { throw Self.failure(self, "it is closed") }
            let flags = fcntl(descriptor.number, F_GETFL)
            guard flags >= 0 else { throw Self.failure(self, POSIXFailure.current.message) }
            guard flags & O_ACCMODE != O_RDONLY else { throw Self.failure(self, "it is open for reading only") }
            return
        }
        guard !argument.isEmpty else { throw .usage("an output path cannot be empty") }
        guard !argument.hasSuffix("/") else { throw .usage("cannot write to '\(argument.shown)': a path that ends in '/' names a folder; give a file path") }
        try SideFile.checkCurrentFolder(for: argument, option: "--output")
        let path: String
        switch Self.status(argument, followingLinks: false)?.kind {
        case .symbolicLink:
            guard let target = Self.resolvingLinks(argument) else {
                throw .usage("cannot write to '\(argument.shown)': it is a symbolic link to nothing")
            }
            path = target
        default:
            path = argument
        }
        switch Self.status(path)?.kind {
        case nil:
            self = .file(path)
            try Self.probe(folderOf: path, for: argument)
        case .regular:
            self = .file(path)
            guard access(path, W_OK) == 0 else { throw Self.failure(self, "the file is read-only; it was left as it is") }
            try Self.probe(folderOf: path, for: argument)
        case .characterDevice?:
            self = .device(path)
            guard access(path, W_OK) == 0 else { throw Self.failure(self, POSIXFailure.current.message) }
        case .fifo?:
            self = .fifo(try Self.openFIFO(path), path: path)
        case .directory?:
            throw .usage("cannot write to '\(argument.shown)': it is a folder")
        case let kind?:
            throw .usage("cannot write to '\(argument.shown)': it is \(kind.name); give a file, a FIFO or a device")
        }
    }

    package var name: String {
        switch self {
        case .descriptor(_, let name): name
        case .device(let path), .file(let path), .fifo(_, let path): "'\(path.shown)'"
        }
    }

    // MARK: Writing

    /// Writes each text to its destination, all or none: every regular file is staged
    /// complete first and renamed into place only when all of them are (`commit(_:)`).
    package static func write(_ outputs: [(text: String, to: OutputFile)]) throws(LabError) {
        var staged: [(temporary: SideFile, destination: String)] = []
        do throws(LabError) {
            for (text, destination) in outputs {
                if case .file(let path) = destination { staged.append((try stage(text, for: path), path)) }
            }
            for (text, destination) in outputs {
                switch destination {
                case .descriptor(let number, _): try writeAll(text, to: number, destination)
                case .device(let path): try writeThrough(text, to: path, destination)
                case .fifo(let descriptor, _): try writeAllAndClose(text, to: descriptor, destination)
                case .file: break
                }
            }
        } catch {
            for file in staged { discard(file.temporary) }
            throw error
        }
        try commit(staged)
    }

    /// Renames every staged file over its destination. When one rename fails, the ones
    /// already renamed are put back as they were, from a hard link to each replaced file
    /// taken just before: Results.md, Results.svg and Results.json change together or not at all.
    private static func commit(_ staged: [(temporary: SideFile, destination: String)]) throws(LabError) {
        var renamed: [(destination: String, staged: SideFile, previous: Previous)] = []
        for (index, file) in staged.enumerated() {
            let previous = Previous.keep(file.destination)
            guard file.temporary.identity.isAt(file.temporary.path), rename(file.temporary.path, file.destination) == 0 else {
                let error = failure(.file(file.destination), POSIXFailure.current.message)
                if case .kept(let link, let identity) = previous { discard(link, identity) }
                for later in staged[index...] { discard(later.temporary) }
                for (destination, staged, previous) in renamed.reversed() {
                    // Put back only over the file this run renamed there.
                    guard staged.identity.isAt(destination) else { continue }
                    switch previous {
                    case .none: unlink(destination)
                    case .kept(let link, let identity):
                        if identity.isAt(link) { rename(link, destination) }
                        Interruption.forget(link)
                    case .lost: break
                    }
                }
                throw error
            }
            Interruption.forget(file.temporary.path)
            close(file.temporary.descriptor)
            renamed.append((file.destination, file.temporary, previous))
        }
        for case (_, _, .kept(let link, let identity)) in renamed { discard(link, identity) }
    }

    /// What was at a destination before its rename, to put back if a later one fails.
    private enum Previous {
        /// Nothing: putting back removes the new file.
        case none
        /// A hard link to the replaced file, under a hidden name beside it.
        case kept(String, FileIdentity)
        /// A file the file system could not link to: it cannot be put back.
        case lost

        package static func keep(_ path: String) -> Previous {
            guard let status = OutputFile.status(path, followingLinks: false) else { return .none }
            guard status.kind == .regular else { return .lost }
            while true {
                let name = SideFile.name(beside: path)
                if link(path, name) == 0 {
                    Interruption.removeIfInterrupted(name, identity: status.identity)
                    return .kept(name, status.identity)
                }
                guard errno == EEXIST else { return .lost }
            }
        }
    }

    /// Writes `text` to `path`, checked first (the counting pass's counts, for example).
    package static func write(_ text: String, to path: String) throws(LabError) {
        try write([(text, OutputFile(checking: path))])
    }

    /// Writes `text` into a new temporary file beside `path`, with the permissions `path`
    /// has (or a new file's), flushed to disk; returns it still open: while it is open, its
    /// inode cannot go to another file, so "still the file the lab made" stays provable
    /// until the rename or the removal.
    private static func stage(_ text: String, for path: String) throws(LabError) -> SideFile {
        let destination = OutputFile.file(path)
        let temporary = try createTemporary(for: path)
        let descriptor = temporary.descriptor
        Interruption.removeIfInterrupted(temporary.path, identity: temporary.identity)
        do throws(LabError) {
            // An existing file keeps its permissions and, where this process may give it
            // away (root), its owner; a new one has the umask's and this process's.
            if let existing = status(path) {
                if existing.owner != (geteuid(), getegid()), geteuid() == 0,
                   fchown(descriptor, existing.owner.user, existing.owner.group) != 0 {
                    throw failure(destination, POSIXFailure.current.message)
                }
                guard fchmod(descriptor, existing.mode) == 0 else { throw failure(destination, POSIXFailure.current.message) }
            }
            try writeAll(text, to: descriptor, destination)
            guard fsync(descriptor) == 0 else { throw failure(destination, POSIXFailure.current.message) }
        } catch {
            discard(temporary)
            throw error
        }
        return temporary
    }

    /// Removes a staged file, only while it is still the one this run made, and closes it.
    private static func discard(_ temporary: SideFile) {
        discard(temporary.path, temporary.identity)
        close(temporary.descriptor)
    }

    private static func discard(_ path: String, _ identity: FileIdentity) {
        SideFile.remove(path, ifStill: identity)
        Interruption.forget(path)
    }

    private static func writeThrough(_ text: String, to path: String, _ destination: OutputFile) throws(LabError) {
        // Opened without waiting (a device that waits for a carrier), then written as usual.
        let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(destination, POSIXFailure.current.message) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        try writeAllAndClose(text, to: descriptor, destination)
    }

    /// Writes `text` to `descriptor` and closes it, whether the write succeeded or not; a
    /// failed close is a failed write too (a device reports its errors there).
    private static func writeAllAndClose(_ text: String, to descriptor: Int32, _ destination: OutputFile) throws(LabError) {
        do throws(LabError) {
            try writeAll(text, to: descriptor, destination)
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw failure(destination, POSIXFailure.current.message) }
    }

    /// Writes every byte, through partial writes and interruptions.
    private static func writeAll(_ text: String, to descriptor: Int32, _ destination: OutputFile) throws(LabError) {
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(destination, POSIXFailure.current.message)
            }
            written += count
        }
    }

    // MARK: Checks

    private static func failure(_ destination: OutputFile, _ reason: String) -> LabError {
        .io("cannot write to \(destination.name): \(reason)")
    }

    /// How long a FIFO may take to get a reader before the run, in steps of 100 ms.
    package static let fifoReaderWait = 30

    /// Opens a FIFO for writing without blocking, waiting a little for a reader (one that
    /// is starting, as `lab bench --output p & cat p` starts it), and refuses one without.
    private static func openFIFO(_ path: String) throws(LabError) -> Int32 {
        for attempt in 0...fifoReaderWait {
            let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if descriptor >= 0 {
                // A reader is there: from now on writes wait for it, as to any pipe.
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
                return descriptor
            }
            let failure = POSIXFailure.current
            guard failure.code == ENXIO else { throw .io("cannot write to '\(path.shown)': \(failure.message)") }
            if attempt < fifoReaderWait { usleep(100_000) }
        }
        throw .io("cannot write to '\(path.shown)': it is a FIFO with no reader; start its reader first (cat '\(path.shown)'), or give a file")
    }

    /// Creates and removes a temporary file beside `path`: the check that the folder takes
    /// new files (a folder can look writable and refuse them, as /proc does).
    private static func probe(folderOf path: String, for argument: String) throws(LabError) {
        let folder = Self.folder(of: path)
        guard status(folder)?.kind == .directory else {
            throw .usage("cannot write to '\(argument.shown)': the folder '\(folder.shown)' does not exist")
        }
        let temporary = try createTemporary(for: path)
        SideFile.remove(temporary.path, ifStill: temporary.identity)
        close(temporary.descriptor)
    }

    /// A new hidden file beside `path` (``SideFile``), named after what it will replace;
    /// created with mode 0666 so that the umask applies, as to any new file.
    private static func createTemporary(for path: String) throws(LabError) -> SideFile {
        do {
            return try SideFile.create(beside: path, mode: 0o666)
        } catch {
            throw failure(.file(path), error.message)
        }
    }

    private static func namedDescriptor(_ argument: String) -> (number: Int32, name: String)? {
        switch argument {
        case "-", "/dev/stdout": return (STDOUT_FILENO, "standard output")
        case "/dev/stderr": return (STDERR_FILENO, "standard error")
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where argument.hasPrefix(prefix) {
                if let number = Int32(argument.dropFirst(prefix.count)) { return (number, "descriptor \(number)") }
            }
            return nil
        }
    }

    private static func status(_ path: String, followingLinks: Bool = true) -> FileStatus? {
        try? FileStatus.of(path, followingLinks: followingLinks)
    }

    private static func resolvingLinks(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

/// `write(2)`, named apart from `OutputFile.write`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
