import Foundation
import NoteStore
import WorkshopChecks
import ChildProcesses
import Support

// MARK: - ExerciseBuild

/// Builds one exercise's target of the nested package in `Workshop/`: the learner's copies
/// and the check's entry point, against the lab's modules, which the first build compiles
/// into `Workshop/.build` once.
package struct ExerciseBuild {
    /// What the build produced.
    package enum Outcome {
        /// The exercise's executable, ready to run its check.
        case built(URL)
        /// The compiler's errors, in the order it gave them.
        case failed([Diagnostic])
    }

    /// One compiler error: its location and message, and the source lines it showed.
    package struct Diagnostic: Equatable {
        var location: String
        var message: String
        var excerpt: [String]
    }

    package let layout: WorkshopLayout
    package let environment: [String: String]

    /// How long the first build takes, which compiles the lab's modules for the workshop
    /// (Docs/TrainersGuide.md has the measurement).
    package static let firstBuildTime = "about 80 s on a 2-core machine"

    /// How long the first build under ThreadSanitizer takes, which compiles the lab's
    /// modules once more with the sanitizer (Docs/TrainersGuide.md has the measurement).
    package static let firstSanitizerBuildTime = "about 30 s on a 2-core machine"

    /// How long a build may take before it is stopped: far more than the first build.
    package static let deadline = Duration.seconds(30 * 60)

    /// Whether nothing was built yet: the first check compiles the lab's modules too.
    package var isFirst: Bool { isFirst(.plain) }

    /// Which build: the check's own, or the one under ThreadSanitizer for the `races` check.
    package enum Variant: Sendable {
        case plain
        case threadSanitizer

        /// Where its products go, in the nested package.
        var scratchFolder: String {
            switch self {
            case .plain: ".build"
            case .threadSanitizer: ".build-race"
            }
        }
    }

    /// Whether `variant` was never built: its first build compiles the lab's modules too.
    package func isFirst(_ variant: Variant) -> Bool {
        !FileManager.default.fileExists(atPath: layout.package.appendingPathComponent(variant.scratchFolder).path)
    }

    /// `swift build --product ExerciseNN` in the nested package; under ThreadSanitizer, with
    /// `-sanitize=thread`, into a build folder of its own, and the lab without jemalloc.
    package func build(_ exercise: Exercise, variant: Variant = .plain) async throws(LabError) -> Outcome {
        let product = "Exercise" + exercise.folder.prefix(2)
        let result = try await swiftBuild(product, variant: variant, named: "the build of exercise \(exercise.number)")
        if result.exitStatus == 0 {
            return .built(layout.package.appendingPathComponent("\(variant.scratchFolder)/debug/\(product)"))
        }
        let diagnostics = Self.errors(in: result.output, layout: layout)
        guard !diagnostics.isEmpty else {
            let tail = Self.lastLines(of: result.output, 3)
            throw .checkFailed("the build of exercise \(exercise.number) failed without a compiler error: \(tail)")
        }
        return .failed(diagnostics)
    }

    /// The nested package's `SourceRules` executable, built: the rules the learner's files
    /// must keep, read from their syntax tree (WorkshopSourceRules).
    ///
    /// Built again only when a file it could be built from is newer than it: a build that
    /// has nothing to do still takes SwiftPM 1.4 s to find that out, a seventh of the time a
    /// check after an edit may take.
    package func sourceRules() async throws(LabError) -> URL {
        let rules = layout.package.appendingPathComponent("\(Variant.plain.scratchFolder)/debug/SourceRules")
        if let built = Self.modified(rules), !sourceRulesInputs.contains(where: { Self.newestFile(in: $0) > built }) {
            return rules
        }
        let result = try await swiftBuild("SourceRules", variant: .plain, named: "the build of the workshop's source rules")
        guard result.exitStatus == 0 else {
            let tail = Self.lastLines(of: result.output, 3)
            throw .checkFailed("the build of the workshop's source rules failed: \(tail)")
        }
        return rules
    }

    /// What the `SourceRules` executable is built from: the lab's sources and manifest, and
    /// the nested package's manifest and the executable's own folder. The learner's
    /// exercises are not among them.
    private var sourceRulesInputs: [URL] {
        [
            layout.root.appendingPathComponent("Sources"), layout.root.appendingPathComponent("Package.swift"),
            layout.package.appendingPathComponent("Package.swift"), layout.package.appendingPathComponent("SourceRules"),
        ]
    }

    private static func modified(_ url: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }

    /// The latest modification of `url`, or of any file or folder below it.
    private static func newestFile(in url: URL) -> Date {
        var newest = modified(url) ?? .distantFuture
        guard let walk = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.contentModificationDateKey]) else {
            return newest
        }
        for case let file as URL in walk {
            if let date = try? file.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate, date > newest {
                newest = date
            }
        }
        return newest
    }

    /// What `rules` (the built `SourceRules`) finds in the learner's files of `exercise`.
    package func findings(of exercise: Exercise, by rules: URL) async throws(LabError) -> [SourceFinding] {
        let files = exercise.files.map { layout.copy(exercise, $0).path }.filter { FileManager.default.fileExists(atPath: $0) }
        let result: ChildProcess.Result
        do {
            result = try await ChildProcess.run(rules, arguments: ["\(exercise.number)"] + files, environment: environment, timeout: .seconds(60))
        } catch {
            throw .checkFailed("cannot run the workshop's source rules: \(error)")
        }
        let json = result.output.split(separator: "\n").last { $0.hasPrefix("[") }
        guard result.exitStatus == 0, let json, let findings = try? JSONDecoder().decode([SourceFinding].self, from: Data(json.utf8)) else {
            let tail = Self.lastLines(of: result.output, 2)
            throw .checkFailed("the workshop's source rules ended without their findings: \(tail.isEmpty ? "no output" : tail)")
        }
        return findings
    }

    /// The last `count` lines of a child's output, on one line: what a failure quotes.
    private static func lastLines(of output: String, _ count: Int) -> String {
        output.split(separator: "\n").suffix(count).joined(separator: " / ")
    }

    /// `swift build --product PRODUCT` in the nested package, as `variant` builds it.
    private func swiftBuild(_ product: String, variant: Variant, named what: String) async throws(LabError) -> ChildProcess.Result {
        guard let swift = ChildProcess.findTool("swift", overriddenBy: "SWIFT", in: environment) else {
            throw .data("lab workshop check builds with swift: put the Swift toolchain on PATH, or set SWIFT")
        }
        let scratch = layout.package.appendingPathComponent(variant.scratchFolder)
        var arguments = ["build", "--package-path", layout.package.path, "--product", product]
        var environment = environment
        if variant == .threadSanitizer {
            arguments += ["--sanitize=thread", "--scratch-path", scratch.path]
            environment["LAB_WORKSHOP_SANITIZER"] = "thread"
        }
        let result: ChildProcess.Result
        do {
            result = try await ChildProcess.run(
                swift, arguments: arguments, environment: environment, timeout: Self.deadline, ownGroup: true
            )
        } catch {
            throw .data("cannot run '\(swift.path.shown)': \(error)")
        }
        if result.timedOut {
            throw .checkFailed("\(what) was still running after \(Self.deadline.components.seconds / 60) minutes and was stopped")
        }
        return result
    }

    /// The errors in a build's output, each once (SwiftPM may print one twice), with the
    /// source lines the compiler printed under it.
    package static func errors(in output: String, layout: WorkshopLayout) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var current: Diagnostic?
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if let range = line.range(of: ": error: "), line[..<range.lowerBound].contains(".swift:") {
                if let current, !diagnostics.contains(current) { diagnostics.append(current) }
                let place = String(line[..<range.lowerBound])
                let file = place.split(separator: ":").first.map(String.init) ?? place
                let location = layout.relative(URL(fileURLWithPath: file)) + place.dropFirst(file.count)
                // "… context [#ActorIsolatedCall]": the diagnostic group's name is for tools. A
                // message whose last argument is empty ends in a space: "… type parameter  [#…]".
                var message = line[range.upperBound...]
                if let group = message.range(of: " [#", options: .backwards) { message = message[..<group.lowerBound] }
                let text = String(message).trimmingCharacters(in: .whitespaces)
                current = Diagnostic(location: location, message: text, excerpt: [])
            } else if current != nil, line.contains(" |") {
                current?.excerpt.append(String(line))
            } else if let finished = current {
                if !diagnostics.contains(finished) { diagnostics.append(finished) }
                current = nil
            }
        }
        if let current, !diagnostics.contains(current) { diagnostics.append(current) }
        return diagnostics
    }
}

// MARK: - As a check

extension Check {
    /// `compiles`: the check that comes before all others, from the build's outcome.
    package static func compiles(_ diagnostics: [ExerciseBuild.Diagnostic], shown: Int = 3) -> Check {
        guard !diagnostics.isEmpty else {
            return Check(id: .compiles, status: .passed, expected: "no compiler errors", measured: "no errors")
        }
        let errors = diagnostics.count == 1 ? "1 error" : "\(diagnostics.count) errors"
        let lines = diagnostics.prefix(shown).enumerated().flatMap { index, diagnostic in
            ["\(diagnostic.location): error: \(diagnostic.message)"] + (index == 0 ? diagnostic.excerpt : [])
        }
        return Check(
            id: .compiles, status: .failed, expected: "no compiler errors", measured: errors,
            problem: (["it does not compile (\(errors)\(diagnostics.count > shown ? "; the first \(shown)" : "")):"] + lines)
                .joined(separator: "\n")
        )
    }
}
