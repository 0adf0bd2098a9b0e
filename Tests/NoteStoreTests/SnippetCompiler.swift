import Foundation
import TestSupport
import Testing

/// Compiles a snippet that imports `NoteStore` against the modules of this build, as far
/// as the compiler's diagnostics (`-emit-sil`: type checking, then the region-isolation
/// checks that run on SIL), and returns its error messages.
struct SnippetCompiler {
    enum Failure: Error, CustomStringConvertible {
        case compilerNotFound
        case modulesNotFound(String)

        var description: String {
            switch self {
            case .compilerNotFound: "swiftc is neither in SWIFTC nor on the PATH"
            case .modulesNotFound(let start): "no Modules folder with NoteStore.swiftmodule above \(start)"
            }
        }
    }

    let swiftc: URL
    let modules: URL
    /// The folder of the CSQLite module map, which NoteStore's module needs when loaded.
    let sqliteModuleMap: URL

    init() throws {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["SWIFTC"], !path.isEmpty {
            swiftc = URL(fileURLWithPath: path)
        } else if let found = (environment["PATH"] ?? "").split(separator: ":")
            .map({ URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) {
            swiftc = found
        } else {
            throw Failure.compilerNotFound
        }
        // The test binary sits in the build folder (`.build/<triple>/debug/`, or inside an
        // .xctest bundle on macOS); the modules of this build are in `Modules` beside it.
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = binary.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Modules/NoteStore.swiftmodule").path) {
            guard folder.pathComponents.count > 1 else { throw Failure.modulesNotFound(binary.path) }
            folder.deleteLastPathComponent()
        }
        modules = folder.appendingPathComponent("Modules")
        sqliteModuleMap = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Store/CSQLite")
    }

    /// The error messages, without locations or diagnostic group names.
    func errors(compiling source: String) throws -> [String] {
        let temporary = try TemporaryFolder()
        // The folder is removed when it is released: keep it until the compiler is done.
        defer { withExtendedLifetime(temporary) {} }
        let folder = temporary.url
        let file = folder.appendingPathComponent("Snippet.swift")
        try Data(source.utf8).write(to: file)

        let process = Process()
        process.executableURL = swiftc
        process.arguments = [
            "-emit-sil", "-o", "/dev/null", "-swift-version", "6", "-diagnostic-style=llvm",
            "-module-cache-path", folder.appendingPathComponent("cache").path,
            "-I", modules.path, "-I", sqliteModuleMap.path, file.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let errors = text.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: ": error: ") else { return nil }
            let message = line[range.upperBound...]
            return String(message.range(of: " [#").map { message[..<$0.lowerBound] } ?? message)
        }
        if process.terminationStatus != 0 && errors.isEmpty {
            Issue.record("swiftc failed without an error line:\n\(text)")
        }
        return errors
    }
}

