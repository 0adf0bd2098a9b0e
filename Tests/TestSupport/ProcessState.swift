#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

// MARK: - ProcessState

/// Whether a process a test started, or that one of its children left behind, is still
/// alive: what a test of containment asks after the lab ended a process group.
package enum ProcessState {
    /// Whether `pid` ends, soon after a SIGKILL sent to it: checked up to 500 times, 10 ms
    /// apart, so that the kill's delivery is not a race.
    package static func ends(_ pid: Int32) async -> Bool {
        for _ in 0..<500 {
            if !isRunning(pid) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    /// Whether `pid` is a live process: a zombie (killed, not reaped by whoever adopted it)
    /// is not.
    package static func isRunning(_ pid: Int32) -> Bool {
        #if os(Linux)
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(close, offsetBy: 2)]
        return state != "Z" && state != "X"
        #else
        return kill(pid, 0) == 0
        #endif
    }

    /// The live processes whose command line has `argument` among its words (Linux, from
    /// /proc): how a test finds a process started where its number is another namespace's.
    package static func running(withArgument argument: String) -> [Int32] {
        running { words in words.contains(argument) }
    }

    /// The live processes whose command line's words satisfy `matches` (Linux, from /proc).
    package static func running(where matches: ([String]) -> Bool) -> [Int32] {
        #if os(Linux)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            guard let pid = Int32(entry), let line = readProcFile("/proc/\(entry)/cmdline") else { return nil }
            let words = line.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return matches(words) && isRunning(pid) ? pid : nil
        }
        #else
        return []
        #endif
    }

    /// "12 sleep 1000.5, 13 sleep 1000.5": each process's number and command line, for a
    /// failure's message.
    package static func commandLines(of pids: [Int32]) -> String {
        pids.isEmpty ? "none" : pids.map { pid in
            let words = readProcFile("/proc/\(pid)/cmdline").map { $0.split(separator: 0).map { String(decoding: $0, as: UTF8.self) } }
            return "\(pid) " + (words?.joined(separator: " ") ?? "(gone)")
        }.joined(separator: ", ")
    }

    /// Whether no process with `argument` on its command line is left, soon: checked up to
    /// 500 times, 10 ms apart.
    package static func noneLeft(withArgument argument: String) async -> Bool {
        for _ in 0..<500 {
            if running(withArgument: argument).isEmpty { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    /// The bytes of a file of /proc, read with `read(2)` to its end: such a file says it
    /// has 0 bytes, and Foundation's reading of it (`FileManager.contents(atPath:)`) left an
    /// allocation behind, which LeakSanitizer reported.
    static func readProcFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += buffer[..<count]
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return count == 0 ? bytes : nil
            }
        }
    }

    /// Whether processes are read from /proc here (Linux): the tests that look at another
    /// process's threads or command line run only where they can.
    package static var readsProc: Bool {
        #if os(Linux)
        true
        #else
        false
        #endif
    }
}
