import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - ThreadSanitizer

/// ThreadSanitizer, as a check uses it: whether this process runs under it, where a measuring
/// child's reports go, and what they say.
///
/// `lab workshop check` builds the exercises about confinement and crossing contexts a
/// second time with `-sanitize=thread`, and runs each once more (``ExerciseChecker``'s
/// `--one-run`). In that run the measuring child writes its reports to files in a folder of
/// the check's own, and the check reads them into the `races` check.
package enum ThreadSanitizer {
    /// Whether this process runs under ThreadSanitizer: its runtime is linked in.
    package static var isActive: Bool {
        #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)
        #else
        let everywhere: UnsafeMutableRawPointer? = nil
        #endif
        return dlsym(everywhere, "__tsan_init") != nil
    }

    /// `options` (the value of `TSAN_OPTIONS`) with the reports written to files named
    /// `report.<pid>` in `folder`, and the process's exit status left as its own: a report
    /// is read from the files, not from how the process ended.
    package static func options(reportingInto folder: URL, over options: String?) -> String {
        let kept = (options ?? "").split(whereSeparator: { $0 == " " || $0 == ":" }).filter { option in
            !option.hasPrefix("log_path=") && !option.hasPrefix("exitcode=")
        }
        return (kept.map(String.init) + ["log_path=\(folder.appendingPathComponent("report").path)", "exitcode=0"])
            .joined(separator: " ")
    }

    /// Where `options` sends reports, if it names a place (`make race` does).
    package static func logPath(in options: String?) -> String? {
        (options ?? "").split(whereSeparator: { $0 == " " || $0 == ":" }).lazy
            .first { $0.hasPrefix("log_path=") }
            .map { String($0.dropFirst("log_path=".count)) }
    }

    /// The reports written into `folder`.
    package static func reports(in folder: URL) -> [RaceReport] {
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        return files.filter { $0.lastPathComponent.hasPrefix("report.") }.sorted { $0.path < $1.path }.flatMap { file in
            RaceReport.all(in: (try? String(contentsOf: file, encoding: .utf8)) ?? "")
        }
    }
}

// MARK: - RaceReport

/// One ThreadSanitizer report: what it found, and the accesses it names, each with the first
/// frame of the exercise's own code, or else the first frame with a source file.
package struct RaceReport: Codable, Sendable, Equatable {
    package struct Access: Codable, Sendable, Equatable {
        /// "Read of size 8 at 0x… by thread T2": what the access was, and on which thread.
        package var what: String
        /// The frames' source locations, innermost first: "/…/QueueArchive.swift:23:5".
        package var frames: [String]
    }

    /// "data race", "Swift access race", "heap-use-after-free".
    package var kind: String
    package var accesses: [Access]
    /// The whole report, as ThreadSanitizer wrote it.
    package var text: String

    /// Every report in `log`.
    package static func all(in log: String) -> [RaceReport] {
        var reports: [RaceReport] = []
        var current: [Substring]?
        for line in log.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("WARNING: ThreadSanitizer: ") {
                current = [line]
            } else if current != nil {
                current?.append(line)
                if line.hasPrefix("SUMMARY: ThreadSanitizer") || line.hasPrefix("==================") {
                    reports.append(RaceReport(lines: current!))
                    current = nil
                }
            }
        }
        if let current { reports.append(RaceReport(lines: current)) }
        return reports
    }

    private init(lines: [Substring]) {
        text = lines.joined(separator: "\n")
        let header = lines.first.map { $0.dropFirst("WARNING: ThreadSanitizer: ".count) } ?? ""
        kind = String(header.prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces)
        var accesses: [Access] = []
        var frames: [String]?
        var what = ""
        for line in lines.dropFirst() {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("#"), frames != nil {
                // "#0 symbol /path/File.swift:23:5 (module+0x…)": the location is the part
                // before the module.
                let parts = trimmed.split(separator: " ")
                if let location = parts.first(where: { $0.contains(".swift:") || $0.contains(".c:") }) {
                    frames?.append(String(location))
                }
            } else if line.hasPrefix("  "), !line.hasPrefix("    "), trimmed.contains(" by "),
                      !trimmed.hasPrefix("Thread "), !trimmed.hasPrefix("Location is") {
                if let done = frames { accesses.append(Access(what: what, frames: done)) }
                what = String(trimmed.hasSuffix(":") ? trimmed.dropLast() : trimmed)
                frames = []
            } else if trimmed.isEmpty || trimmed.hasPrefix("Location is") || trimmed.hasPrefix("Thread ") || trimmed.hasPrefix("Mutex ") {
                if let done = frames { accesses.append(Access(what: what, frames: done)) }
                frames = nil
            }
        }
        if let frames { accesses.append(Access(what: what, frames: frames)) }
        self.accesses = accesses
    }

    /// Whether any of its accesses ran code in the exercise's `folder` ("01-confinement").
    package func touches(_ folder: String) -> Bool {
        accesses.contains { $0.frames.contains { $0.contains("/\(folder)/") } }
    }

    /// The access in words: "a write of size 8 by thread T2 at QueueArchive.swift:23:5", with
    /// the first frame in `folder`'s files, else the first frame with a source file.
    package func describe(_ access: Access, in folder: String) -> String {
        let frame = access.frames.first { $0.contains("/\(folder)/") } ?? access.frames.first
        let place = frame.map { " at " + ($0.split(separator: "/").last.map(String.init) ?? $0) } ?? ""
        let what = access.what.replacing(/\s+at\s+0x[0-9a-f]+/, with: "")
        return "a " + what.prefix(1).lowercased() + what.dropFirst() + place
    }
}
