import Foundation

// MARK: - DemoEnvironment

/// What a demo may use besides its own process: the lab executable, to run a crash site
/// in a child process, and the Swift compiler, to show a compile error (lesson 6).
public struct DemoEnvironment: Sendable {
    /// The `lab` executable: run again as the child process of a crash site.
    public var labExecutable: URL
    /// The environment of the child processes.
    public var childEnvironment: [String: String]

    public init(labExecutable: URL, childEnvironment: [String: String] = ProcessInfo.processInfo.environment) {
        self.labExecutable = labExecutable
        self.childEnvironment = childEnvironment
    }

    /// The running `lab`: its own executable is the child for crash sites.
    public static func currentProcess() -> DemoEnvironment {
        DemoEnvironment(labExecutable: ChildProcess.currentExecutable)
    }

    // MARK: Crash sites

    /// Runs `site` in a child process and reports how it ended.
    public func crash(_ site: CrashSite) async throws(DemoError) -> CrashReport {
        let result = try await ChildProcess.run(
            labExecutable, arguments: ["demo", "--crash-site", site.name], environment: childEnvironment
        )
        return CrashReport(
            site: site.name, signal: result.signal, exitStatus: result.exitStatus,
            message: Self.trapMessage(in: result.output)
        )
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
    public enum CompilerStage: Sendable {
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
    public func typecheck(
        _ source: String, languageMode: Int = 6, through stage: CompilerStage = .typecheck, arguments: [String] = []
    ) async throws(DemoError) -> [String] {
        guard let swiftc = Self.findCompiler(in: childEnvironment) else { throw .compilerNotFound }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Snippet.swift")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(source.utf8).write(to: file)
        } catch {
            throw .cannotWriteSnippet(folder.path)
        }
        let result = try await ChildProcess.run(
            swiftc,
            arguments: stage.arguments + arguments + ["-swift-version", "\(languageMode)", "-diagnostic-style=llvm", file.path],
            environment: childEnvironment
        )
        let errors = result.output.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: ": error: ") else { return nil }
            // "Snippet.swift:7:19: error: call to … [#ActorIsolatedCall]" → "call to …"
            let message = line[range.upperBound...]
            return String(message.range(of: " [#").map { message[..<$0.lowerBound] } ?? message)
        }
        if result.exitStatus != 0, errors.isEmpty { throw .compilerFailed(result.output) }
        return errors
    }

    /// `SWIFTC` when set, else `swiftc` on the `PATH`.
    static func findCompiler(in environment: [String: String]) -> URL? {
        findTool("swiftc", overriddenBy: "SWIFTC", in: environment)
    }

    /// The tool `name`: the path in the environment variable `variable` when it is set, else
    /// the first `name` on the `PATH`.
    package static func findTool(_ name: String, overriddenBy variable: String, in environment: [String: String]) -> URL? {
        if let path = environment[variable], !path.isEmpty { return URL(fileURLWithPath: path) }
        let folders = (environment["PATH"] ?? "").split(separator: ":")
        return folders.lazy
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
