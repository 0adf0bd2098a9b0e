// MARK: - CrashReport

/// How a child process that ran a ``CrashSite`` ended.
package struct CrashReport: Codable, Sendable, Equatable {
    /// The crash site the child ran.
    package var site: String
    /// The signal that stopped the child, when one did: a Swift trap is SIGILL on x86_64
    /// and SIGTRAP on arm64.
    package var signal: Int32?
    /// The child's exit status, when it exited instead.
    package var exitStatus: Int32?
    /// The trap's message: the first line of standard error that says why.
    package var message: String?

    package init(site: String, signal: Int32?, exitStatus: Int32?, message: String?) {
        self.site = site
        self.signal = signal
        self.exitStatus = exitStatus
        self.message = message
    }

    /// "stopped by SIGILL: NoteStore concurrency violation: …", for a demo's report.
    package var summary: String {
        let ending = if let signal { "stopped by \(Self.signalName(signal))" }
            else if let exitStatus, exitStatus != 0 { "exited with status \(exitStatus)" }
            else { "finished without crashing" }
        guard let message else { return "the child process \(ending)" }
        return "the child process \(ending): \(message)"
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case 4: "SIGILL"
        case 5: "SIGTRAP"
        case 6: "SIGABRT"
        case 11: "SIGSEGV"
        default: "signal \(signal)"
        }
    }
}
