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
            guard let pid = Int32(entry), let line = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
            let words = line.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return matches(words) && isRunning(pid) ? pid : nil
        }
        #else
        return []
        #endif
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
}

