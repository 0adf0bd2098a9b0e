import Foundation
import ChildProcesses
import Support

// MARK: - DemoEnvironment

/// What a demo may use besides its own process: the lab executable, to run a crash site
/// in a child process, and the Swift compiler, to show a compile error (lesson 6) or to
/// build and run a small module (lessons 14 and 18).
package struct DemoEnvironment: Sendable {
    /// The `lab` executable: run again as the child process of a crash site.
    package var labExecutable: URL
    /// The environment of the child processes.
    package var childEnvironment: [String: String]

    package init(labExecutable: URL, childEnvironment: [String: String] = ProcessInfo.processInfo.environment) {
        self.labExecutable = labExecutable
        self.childEnvironment = childEnvironment
    }

    /// The running `lab`: its own executable is the child for crash sites.
    package static func currentProcess() -> DemoEnvironment {
        DemoEnvironment(labExecutable: ChildProcess.currentExecutable)
    }

    // MARK: Crash sites

    /// How long a crash site, or a compiled snippet, may run before it is killed with its
    /// process group: far beyond the second or two one takes, even under a sanitizer.
    static let crashSiteDeadline = Duration.seconds(300)
    /// How long the compiler may take on a snippet.
    static let compilerDeadline = Duration.seconds(900)

    /// Runs `site` in a child process and reports how it ended.
    package func crash(_ site: CrashSite) async throws(DemoError) -> CrashReport {
        let result = try await launching { () async throws(ChildProcess.LaunchError) in try await ChildProcess.run(
            labExecutable, arguments: ["demo", "--crash-site", site.name], environment: childEnvironment,
            timeout: Self.crashSiteDeadline, backtrace: site.backtrace, ownGroup: true
        ) }
        let message = site.backtrace && !result.output.contains("Fatal error: ")
            ? Self.crashedFrames(in: result.output) : Self.trapMessage(in: result.output)
        return CrashReport(site: site.name, signal: result.signal, exitStatus: result.exitStatus, message: message)
    }

    /// The crashed thread's frames, innermost first, as far as the first frame of code that
    /// is neither Swift's runtime nor libdispatch: "crashed in dispatch_assert_queue ←
    /// swift_task_isCurrentExecutorWithFlags ← closure #1 in …". Nil without a backtrace.
    package static func crashedFrames(in output: String) -> String? {
        let functions = Backtrace(parsing: output).frames.map(\.function)
        guard !functions.isEmpty else { return nil }
        let isRuntime = { (name: String) in
            ["_dispatch", "dispatch_", "swift_", "_swift"].contains { name.hasPrefix($0) }
        }
        let end = functions.firstIndex { !isRuntime($0) }.map { $0 + 1 } ?? functions.count
        return "crashed in " + functions[..<end].filter { !$0.hasSuffix(".cold.1") }.joined(separator: " ← ")
    }

    /// The line that says why the child stopped: the text after "Fatal error: ", else
    /// the first line of output.
    package static func trapMessage(in output: String) -> String? {
        let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        if let fatal = lines.first(where: { $0.contains("Fatal error: ") }),
           let range = fatal.range(of: "Fatal error: ") {
            return String(fatal[range.upperBound...])
        }
        return lines.first { !$0.isEmpty }
    }

    // MARK: The compiler

    /// How far the compiler goes with a snippet.
    package enum CompilerStage: Sendable {
        /// Type checking only (`-typecheck`): isolation of calls, initializers and default
        /// values, and `async` where it is needed.
        case typecheck
        /// On through the SIL passes that check what is sent across isolation boundaries
        /// (region-based isolation, SE-0414, and `sending`, SE-0430). `-typecheck` never
        /// runs them, so it accepts a non-`Sendable` value sent and then used again.
        case dataRaceChecks

        var arguments: [String] {
            switch self {
            case .typecheck: ["-typecheck"]
            case .dataRaceChecks: ["-emit-sil", "-o", "/dev/null"]
            }
        }
    }

    /// Compiles `source` as its own module, in the Swift 6 language mode unless
    /// `languageMode` says otherwise, up to `stage`, and returns the compiler's error
    /// messages (none when it compiles). `arguments` go to the compiler too: where to find
    /// the modules the source imports.
    package func typecheck(
        _ source: String, languageMode: Int = 6, through stage: CompilerStage = .typecheck, arguments: [String] = []
    ) async throws(DemoError) -> [String] {
        try await withSnippet(source) { folder, file throws(DemoError) in
            try await compile(file, in: folder, arguments: stage.arguments + arguments + ["-swift-version", "\(languageMode)"])
        }
    }

    /// Compiles `source` into a program in the Swift 6 language mode, with `arguments` for
    /// the compiler too (`-default-isolation MainActor`), and runs it. Returns the
    /// compiler's error messages, or none and what the program printed.
    package func compileAndRun(_ source: String, arguments: [String] = []) async throws(DemoError) -> (errors: [String], output: String) {
        let (errors, run) = try await compileAndRunToEnd(source, arguments: arguments)
        guard let run else { return (errors, "") }
        guard run.exitStatus == 0 else { throw .unexpected("the compiled snippet failed: \(run.output)") }
        return ([], run.output)
    }

    /// Compiles and runs `source` as ``compileAndRun(_:arguments:)`` does, for a program that
    /// may stop by design (lesson 18): returns the compiler's error messages, or none and how
    /// the run ended.
    package func compileAndRunToEnd(
        _ source: String, arguments: [String] = []
    ) async throws(DemoError) -> (errors: [String], run: ChildProcess.Result?) {
        try await withSnippet(source) { folder, file throws(DemoError) in
            let program = folder.appendingPathComponent("snippet")
            let errors = try await compile(file, in: folder, arguments: arguments + ["-swift-version", "6", "-o", program.path])
            guard errors.isEmpty else { return (errors, nil) }
            return ([], try await launching { () async throws(ChildProcess.LaunchError) in try await ChildProcess.run(
                program, arguments: [], environment: childEnvironment, timeout: Self.crashSiteDeadline, ownGroup: true
            ) })
        }
    }

    /// Writes `source` to `Snippet.swift` in a scratch folder of its own, removed after
    /// `body`, or by the interruption handler if a signal stops the run first.
    private func withSnippet<T>(
        _ source: String, _ body: (_ folder: URL, _ file: URL) async throws(DemoError) -> T
    ) async throws(DemoError) -> T {
        let path: String
        do {
            path = try ScratchFolder.create(named: "lab-demo", for: "a demo's snippet")
        } catch {
            throw .cannotWriteSnippet(ScratchFolder.directory)
        }
        defer { ScratchFolder.remove(path) }
        let folder = URL(fileURLWithPath: path)
        let file = folder.appendingPathComponent("Snippet.swift")
        do {
            try Data(source.utf8).write(to: file)
        } catch {
            throw .cannotWriteSnippet(folder.path)
        }
        return try await body(folder, file)
    }

    /// Runs the compiler on `file` and returns its error messages. Its temporary files
    /// (`TemporaryDirectory.*`) go into `folder`, and with it.
    private func compile(_ file: URL, in folder: URL, arguments: [String]) async throws(DemoError) -> [String] {
        guard let swiftc = Self.findCompiler(in: childEnvironment) else { throw .compilerNotFound }
        var environment = childEnvironment
        environment["TMPDIR"] = folder.path
        let result = try await launching { () async throws(ChildProcess.LaunchError) in try await ChildProcess.run(
            swiftc, arguments: arguments + ["-diagnostic-style=llvm", file.path], environment: environment,
            timeout: Self.compilerDeadline, ownGroup: true
        ) }
        let errors = result.output.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: ": error: ") else { return nil }
            // "Snippet.swift:7:19: error: call to … [#ActorIsolatedCall]" → "call to …". A
            // message whose last argument is empty ends in a space: "… type parameter  [#…]".
            let message = line[range.upperBound...]
            let text = message.range(of: " [#").map { message[..<$0.lowerBound] } ?? message
            return text.trimmingCharacters(in: .whitespaces)
        }
        if result.exitStatus != 0, errors.isEmpty { throw .compilerFailed(result.output) }
        return errors
    }

    /// `SWIFTC` when set, else `swiftc` on the `PATH`.
    static func findCompiler(in environment: [String: String]) -> URL? {
        ChildProcess.findTool("swiftc", overriddenBy: "SWIFTC", in: environment)
    }
}
