import RowKit
import Bench
import Foundation
import Demos
import TestSupport
import Testing
import Support

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `lab bench` writes its results: checked before the benchmark runs, written through
/// to devices and FIFOs, renamed only over regular files, and every failed write is exit 74.
@Suite("lab bench --output and --docs")
struct OutputFileTests {
    @Test("A write error on --output (/dev/full) exits 74 with one line, and the device stays a device",
          .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func writeErrorExits74() async throws {
        let result = try await LabExecutable.runAsGiven(Self.smallRun + ["--output", "/dev/full"])
        #expect(result.exitStatus == 74)
        #expect(result.output == "lab: cannot write to '/dev/full': No space left on device\n")
        #expect(try FileStatus.of("/dev/full")?.kind == .characterDevice)
    }

    @Test("A closed standard output exits 74 with one line before the benchmark runs")
    func closedStandardOutput() async throws {
        let folder = try TemporaryFolder()
        let database = folder.path("lab.sqlite")
        let result = try await LabExecutable.runAsGiven(Self.smallRun + ["--database", database], shell: #"exec "$0" "$@" >&-"#)
        #expect(result.exitStatus == 74)
        #expect(result.output == "lab: cannot write to standard output: it is closed\n")
        #expect(!FileManager.default.fileExists(atPath: database), "nothing ran")
    }

    /// Destinations that cannot be written, each with its exit code and the end of its line.
    static let unwritable: [(arguments: [String], exitCode: Int32, message: String)] = [
        (["--output", "{folder}"], 64, "cannot write to '{folder}': it is a folder"),
        (["--output", "/proc/lab-report.json"], 74, "cannot write to '/proc/lab-report.json': No such file or directory"),
        (["--docs", "/proc"], 74, "cannot write to '/proc/Results.md': No such file or directory"),
        (["--docs", "{folder}/report.md"], 64, "--docs '{folder}/report.md' is not a folder"),
        (["--docs", "{folder}/docs"], 64, "cannot write to '{folder}/docs/Results.svg': it is a folder"),
    ]

    @Test("A destination that cannot be written fails at once with one line, before the benchmark runs",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self")), arguments: 0..<unwritable.count)
    func unwritableDestination(_ index: Int) async throws {
        let folder = try TemporaryFolder()
        let (arguments, exitCode, message) = Self.unwritable[index]
        try "# kept\n".write(toFile: folder.path("report.md"), atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder.path("docs/Results.svg"), withIntermediateDirectories: true)
        try "# kept\n".write(toFile: folder.path("docs/Results.md"), atomically: false, encoding: .utf8)
        let database = folder.path("lab.sqlite")
        let expand = { (text: String) in text.replacingOccurrences(of: "{folder}", with: folder.url.path) }

        let result = try await LabExecutable.runAsGiven(Self.smallRun + ["--database", database] + arguments.map(expand))

        #expect(result.exitStatus == exitCode)
        #expect(result.output == "lab: \(expand(message))\n")
        #expect(!FileManager.default.fileExists(atPath: database), "nothing ran")
        #expect(try String(contentsOfFile: folder.path("docs/Results.md"), encoding: .utf8) == "# kept\n", "Results.md is not written without Results.svg")
    }

    @Test("When Results.svg cannot be replaced at the end, Results.md is put back as it was: both or neither")
    func docsAreWrittenTogether() async throws {
        let folder = try TemporaryFolder()
        let markdown = folder.path("Results.md")
        let svg = folder.path("Results.svg")
        try "# old\n".write(toFile: markdown, atomically: false, encoding: .utf8)
        try "<svg/>\n".write(toFile: svg, atomically: false, encoding: .utf8)
        // Checked writable before the run; made a folder with a file in it while the run
        // goes on, so that only the rename at the end fails.
        let run = try await InterruptedRun.start(
            Self.smallRun.filter { $0 != "--no-progress" } + ["--operations", "20000", "--progress", "--docs", folder.url.path],
            temporary: folder, interruptWith: nil,
            when: { lines in lines.contains { $0.hasSuffix("· warm-up") } },
            then: {
                try? FileManager.default.removeItem(atPath: svg)
                try? FileManager.default.createDirectory(atPath: svg + "/in-the-way", withIntermediateDirectories: true)
            }
        )
        #expect(run.exitStatus == 74)
        #expect(run.lastLine?.hasPrefix("lab: cannot write to '\(svg)': ") == true, "\(run.lastLine ?? "")")
        #expect(try String(contentsOfFile: markdown, encoding: .utf8) == "# old\n")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { !$0.hasPrefix("lab-bench-") }
        #expect(names.sorted() == ["Results.md", "Results.svg"], "no staged file or backup left")
    }

    @Test("'-' and /dev/stdout write the report to standard output", arguments: ["-", "/dev/stdout"])
    func standardOutput(_ argument: String) async throws {
        let result = try await LabExecutable.runAsGiven(Self.smallRun + ["--output", argument])
        #expect(result.exitStatus == 0)
        let json = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        #expect(json?["schema"] as? Int == 2)
    }

    @Test("A symbolic link is followed: its target gets the report with its permissions, and the link stays")
    func symbolicLinkIsFollowed() async throws {
        let folder = try TemporaryFolder()
        let target = folder.path("report.json")
        let link = folder.path("link.json")
        try "old\n".write(toFile: target, atomically: false, encoding: .utf8)
        #expect(chmod(target, 0o640) == 0)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "report.json")

        let result = try await LabExecutable.runAsGiven(Self.smallRun + ["--output", link])

        #expect(result.exitStatus == 0, "\(result.output)")
        #expect(try FileStatus.of(link, followingLinks: false)?.kind == .symbolicLink)
        #expect(try FileStatus.of(target)?.mode == 0o640)
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("{"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["link.json", "report.json"], "no temporary file left")
    }

    @Test("A FIFO is opened before the run and written through, not replaced")
    func fifoIsWrittenThrough() async throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reader is there before lab starts: opened without waiting for a writer.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let done = AtomicFlag()
        // Read while lab writes (a report may be more than a pipe holds), off the pool.
        async let received: [UInt8] = withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var bytes: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let finished = done.isRaised
                    let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
                    if count > 0 {
                        bytes += buffer[..<count]
                    } else if finished {
                        break
                    } else {
                        usleep(10_000)
                    }
                }
                continuation.resume(returning: bytes)
            }
        }

        let result = try await LabExecutable.runAsGiven(Self.smallRun + ["--output", fifo])
        done.raise()

        #expect(result.exitStatus == 0, "\(result.output)")
        #expect(String(decoding: await received, as: UTF8.self).hasPrefix("{"))
        #expect(try FileStatus.of(fifo)?.kind == .fifo)
    }

    @Test("A FIFO with no reader exits 74 with one line before the run, instead of blocking after it")
    func fifoWithoutReader() async throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path("pipe")
        let database = folder.path("lab.sqlite")
        #expect(mkfifo(fifo, 0o600) == 0)

        let result = try await LabExecutable.runAsGiven(Self.smallRun + ["--database", database, "--output", fifo])

        #expect(result.exitStatus == 74)
        #expect(result.output == "lab: cannot write to '\(fifo)': it is a FIFO with no reader; start its reader first (cat '\(fifo)'), or give a file\n")
        #expect(!FileManager.default.fileExists(atPath: database), "nothing ran")
        #expect(try FileStatus.of(fifo)?.kind == .fifo)
    }

    @Test("A Unix socket as --output exits 64 with one line before the run")
    func socketIsRefused() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("socket")
        let database = folder.path("lab.sqlite")
        let socket = try Self.listeningSocket(at: path)
        defer { close(socket) }

        let result = try await LabExecutable.runAsGiven(Self.smallRun + ["--database", database, "--output", path])

        #expect(result.exitStatus == 64)
        #expect(result.output == "lab: cannot write to '\(path)': it is a socket; give a file, a FIFO or a device\n")
        #expect(!FileManager.default.fileExists(atPath: database), "nothing ran")
        #expect(try FileStatus.of(path)?.kind == .socket)
    }

    /// A Unix-domain socket bound at `path`.
    static func listeningSocket(at path: String) throws -> Int32 {
        #if os(Linux)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard descriptor >= 0, bound == 0 else { throw LabExecutable.Failure(description: "cannot bind a socket at \(path)") }
        return descriptor
    }

    static let smallRun = [
        "bench", "--scenario", "update", "--pattern", "raw-sqlite", "--operations", "5", "--runs", "1",
        "--no-meters", "--no-progress", "--format", "json",
    ]
}

// MARK: - The report and the run's own files

extension OutputFileTests {
    @Test("--output naming the run's database or one of its companions exits 64 with one line, and the database stays byte-identical",
          arguments: ["", "-wal", "-shm", "-journal", " by a link", " by a hard link"])
    func outputOverTheDatabase(_ which: String) async throws {
        let folder = try TemporaryFolder()
        let database = folder.path("lab.sqlite")
        #expect(try await LabExecutable.run(DatabaseFileTests.smallRun(on: database)).exitStatus == 0)
        let before = try DatabaseFileTests.contents(of: folder)
        var output = database + (which.hasPrefix(" ") ? "" : which)
        if which == " by a link" {
            output = folder.path("report.json")
            try FileManager.default.createSymbolicLink(atPath: output, withDestinationPath: database)
        } else if which == " by a hard link" {
            output = folder.path("report.json")
            guard link(database, output) == 0 else { throw POSIXFailure.current }
        }
        let result = try await LabExecutable.runAsGiven(DatabaseFileTests.smallRun(on: database) + ["--output", output])
        #expect(result.exitStatus == 64, "\(result.output)")
        #expect(result.output.split(separator: "\n").count == 1, "\(result.output)")
        #expect(result.output.contains("is the run's own database"), "\(result.output)")
        let after = try DatabaseFileTests.contents(of: folder)
        #expect(after[(database as NSString).lastPathComponent] == before[(database as NSString).lastPathComponent])
    }

    @Test("A replaced report keeps its owner and its mode")
    func replacedReportKeepsItsOwner() async throws {
        guard geteuid() == 0 else { return }  // Only root can hand a file to another owner.
        let folder = try TemporaryFolder()
        let report = folder.path("report.json")
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: report))
        guard chown(report, 65_534, 65_534) == 0, chmod(report, 0o640) == 0 else { throw POSIXFailure.current }
        let result = try await LabExecutable.runAsGiven(Self.smallRun + ["--output", report])
        #expect(result.exitStatus == 0, "\(result.output)")
        var info = stat()
        #expect(stat(report, &info) == 0)
        #expect(info.st_uid == 65_534 && info.st_gid == 65_534, "owner \(info.st_uid):\(info.st_gid)")
        #expect(info.st_mode & 0o777 == 0o640)
    }
}
