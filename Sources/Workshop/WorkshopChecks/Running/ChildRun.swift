internal import ChildProcesses
internal import Support
import NoteStore

// MARK: - ChildRun

/// How the measuring child process of a check ended, read from what it printed.
public struct ChildRun: Sendable {
    /// Why the process stopped, when it stopped early.
    struct Stop: Sendable, Equatable {
        enum Kind: String, Sendable {
            /// The store's concurrency-debug trap: a context or an object used off its queue.
            case concurrencyViolation
            /// A fault fired for a row that was deleted: `object(with:)` of a gone row.
            case unfulfilledFault
            /// Swift's run-time isolation check: actor-isolated code ran off its actor.
            case isolationCheck
            /// `DispatchQueue.sync` on a queue the thread already holds.
            case deadlock
            /// Still running when the watchdog stopped it.
            case timeout
            /// The learner's code or the check threw an error.
            case error
            /// Any other crash.
            case crash
        }

        var kind: Kind
        /// The trap's or the error's own message, when there is one.
        var message: String?
        /// Where in the learner's files the process was: "QueueArchive.swift:21".
        var location: String?
        /// The step that was running: "importing the setup batches".
        var step: String?
    }

    /// Nil when the run went to its end.
    var stop: Stop?
    /// The steps the run announced, in order.
    var steps: [String]
    /// What the store counted, sent once the learner's code was done; nil when the run
    /// stopped before.
    var ledger: StoreLedger?
    private var measuredJSON: String?

    /// Reads the output of a child that ran `exercise`'s measurements, marked with `token`.
    init(exercise: Exercise, result: ChildProcess.Result, watchdog: Duration, token: String) {
        let output = result.output
        steps = Wire.step.payloads(in: output, token: token)
        measuredJSON = Wire.measured.payloads(in: output, token: token).last
        ledger = Wire.ledger.payloads(in: output, token: token).last.flatMap { Wire.decode(StoreLedger.self, from: $0) }
        let step = steps.last
        if result.timedOut {
            stop = Stop(kind: .timeout, message: "still running after \(watchdog.components.seconds) s", step: step)
            return
        }
        if let error = Wire.error.payloads(in: output, token: token).last {
            stop = Stop(kind: .error, message: error, step: step)
            return
        }
        guard result.signal != nil || result.exitStatus != 0 else {
            stop = nil
            return
        }
        let printed = Wire.unmarked(output)
        // A trap says why in a "Fatal error: " line, a failed precondition or assertion in
        // its own; other crashes only in their frames.
        let message = Self.trapMessage(in: printed) ?? Self.crashReason(in: printed, signal: result.signal)
        let backtrace = Backtrace(parsing: printed)
        stop = Stop(
            kind: Self.kind(message: message, backtrace: backtrace), message: message,
            location: backtrace.location(inFolder: exercise.folder), step: step
        )
    }

    /// What the run had measured when it ended, or empty measurements.
    func measured<M: Measurements>(as type: M.Type) -> M {
        measuredJSON.flatMap { Wire.decode(M.self, from: $0) } ?? M()
    }

    /// The words the store's message for a fault of a deleted row starts with.
    private static let unfulfilledFault = String(
        NoteStoreError.faultNotFulfilled(NoteID(0)).description.prefix { $0 != ":" }
    )

    /// The message of a trap of the runtime, the store or the learner's own code.
    static func trapMessage(in output: String) -> String? {
        for marker in ["Fatal error: ", "Precondition failed: ", "Assertion failed: "] {
            for line in output.split(separator: "\n") {
                if let range = line.range(of: marker) { return marker.hasPrefix("Fatal") ? String(line[range.upperBound...]) : String(line[range.lowerBound...]) }
            }
        }
        return nil
    }

    /// Why a process that printed no trap message crashed, in the words of whoever stopped
    /// it: Swift's exclusivity check, a Swift runtime failure, the C library's allocator, or
    /// the backtracer's reading of the signal; and the signal, by its name.
    static func crashReason(in output: String, signal: Int32?) -> String? {
        let lines = output.split(separator: "\n").map { String($0.drop { $0 == " " }) }
        let signalNumber = signal ?? lines.lazy.compactMap(backtracerSignal).first
        let signalName = signalNumber.map { number in Self.signalNames[number].map { "\($0), signal \(number)" } ?? "signal \(number)" }
        let reason = lines.lazy.compactMap(Self.reason(in:)).first
        switch (reason, signalName) {
        case let (reason?, name?): return "\(reason) (\(name))"
        case let (reason?, nil): return reason
        case let (nil, name?): return "stopped by \(name)"
        case (nil, nil): return nil
        }
    }

    /// The reason one line of a crash's output gives, if it gives one.
    private static func reason(in line: String) -> String? {
        if line.hasPrefix("Simultaneous accesses to ") {
            return "Swift's exclusivity check: two accesses to one variable overlapped, and one of them modified it "
                + "(\"\(line.replacing(/\s+to\s+0x[0-9a-f]+/, with: ""))\")"
        }
        if let match = line.firstMatch(of: /^\*\*\* (Swift runtime failure: .+?) \*\*\*$/) { return String(match.1) }
        if let match = line.firstMatch(of: /^\*\*\* Program crashed: (.+?)(?: at 0x[0-9a-f]+)? \*\*\*$/) { return String(match.1) }
        for marker in ["double free or corruption", "free(): ", "malloc(): ", "corrupted size vs. prev_size"] where line.contains(marker) {
            return "the C library's allocator stopped the process: \"\(line)\""
        }
        return nil
    }

    /// The signal number in the backtracer's "*** Signal 11: Backtracing from …" line.
    private static func backtracerSignal(_ line: String) -> Int32? {
        line.firstMatch(of: /^\*\*\* Signal (\d+):/).flatMap { Int32($0.1) }
    }

    private static let signalNames: [Int32: String] = [
        4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV", 15: "SIGTERM",
    ]

    private static func kind(message: String?, backtrace: Backtrace) -> Stop.Kind {
        if let message, message.contains(ConcurrencyDebug.trapPrefix) { return .concurrencyViolation }
        if let message, message.contains(unfulfilledFault) { return .unfulfilledFault }
        if backtrace.contains("__DISPATCH_WAIT_FOR_QUEUE__") { return .deadlock }
        if ["swift_task_isCurrentExecutor", "checkIsolated", "dispatch_assert_queue"].contains(where: backtrace.contains) {
            return .isolationCheck
        }
        return .crash
    }
}

// MARK: - Plain words

extension ChildRun.Stop {
    /// What stopped the run, where, and while doing what, in one sentence.
    var description: String {
        let place = location.map { " at \($0)" } ?? ""
        let during = step.map { " while \($0)" } ?? ""
        let detail = message.map { ": " + Self.withoutPrefix($0) } ?? ""
        return switch kind {
        case .concurrencyViolation:
            "the concurrency-debug trap fired\(place)\(during)\(detail)"
        case .unfulfilledFault:
            "a fault of a deleted row stopped the process\(place)\(during)\(detail)"
        case .isolationCheck:
            "Swift's run-time isolation check stopped the process\(place)\(during): code isolated to an actor "
                + "(the main actor, unless it says otherwise) ran on another thread"
        case .deadlock:
            "the process stopped in DispatchQueue.sync\(place)\(during): a thread waited for a queue it was "
                + "already running on, a deadlock that libdispatch turns into a crash"
        case .timeout:
            "the watchdog stopped the process\(during)\(detail): a deadlock, or a loop that never ends"
        case .error:
            "an error was thrown\(during)\(detail)"
        case .crash:
            "the process crashed\(place)\(during)\(detail)"
        }
    }

    /// The trap's message without the store's fixed prefix and advice.
    private static func withoutPrefix(_ message: String) -> String {
        var text = Substring(message)
        if let prefix = text.range(of: ConcurrencyDebug.trapPrefix + ": ") { text = text[prefix.upperBound...] }
        if let advice = text.range(of: ". Wrap the access") { text = text[..<advice.lowerBound] }
        if text.hasPrefix("NoteStore: ") { text = text.dropFirst("NoteStore: ".count) }
        return String(text)
    }
}
