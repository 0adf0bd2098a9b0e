import Demos
import Foundation
import TestSupport
import WorkshopChecks
import ChildProcesses
import Support

// MARK: - StarterCompiler

/// Compiles a starter that is meant not to compile against the modules of this build, the
/// way SwiftPM compiles an exercise, as far as the compiler's data-race checks, and returns
/// its errors. The `isolated-init` demo's compiler, pointed at this build.
struct StarterCompiler {
    let arguments: [String]

    init() throws {
        guard let modules = ChildProcess.nearby("Modules", where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            throw Repository.Failure(description: "no Modules folder near the test executable")
        }
        let build = modules.deletingLastPathComponent()
        // The lab's modules import C modules: their maps are the ones SwiftPM wrote into the
        // build folder, the package's own, and those of its dependencies' checkouts.
        let maps = Self.maps(in: build, pattern: ["*.build"])
            + Self.maps(in: packageRoot.appendingPathComponent("Sources"), pattern: ["*", "*"])
            + Self.maps(in: build.appendingPathComponent("../../checkouts").standardizedFileURL, pattern: ["*", "Sources", "*", "include"])
        arguments = ["-I", modules.path] + maps.flatMap { ["-Xcc", "-fmodule-map-file=\($0.path)"] }
    }

    /// The errors of compiling `file` with the default isolation `isolation`, as the nested
    /// package compiles its exercise, without locations.
    func errors(compiling file: URL, isolation: Exercise.DefaultIsolation = .nonisolated) async throws -> [String] {
        try await errors(compilingSource: String(contentsOf: file, encoding: .utf8), isolation: isolation)
    }

    /// The errors of compiling `source`, as ``errors(compiling:isolation:)`` does.
    func errors(compilingSource source: String, isolation: Exercise.DefaultIsolation = .nonisolated) async throws -> [String] {
        try await DemoEnvironment.currentProcess().typecheck(
            source, through: .dataRaceChecks, arguments: arguments + isolation.compilerArguments
        )
    }

    /// `module.modulemap` files in the folders `pattern` reaches from `folder`, where `*` is
    /// any one folder.
    private static func maps(in folder: URL, pattern: [String]) -> [URL] {
        guard let step = pattern.first else {
            let map = folder.appendingPathComponent("module.modulemap")
            return FileManager.default.fileExists(atPath: map.path) ? [map] : []
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let matched: [String] = switch step {
        case "*": names.sorted()
        case "*.build": names.filter { $0.hasSuffix(".build") }.sorted()
        default: names.contains(step) ? [step] : []
        }
        return matched.flatMap { maps(in: folder.appendingPathComponent($0), pattern: Array(pattern.dropFirst())) }
    }
}
