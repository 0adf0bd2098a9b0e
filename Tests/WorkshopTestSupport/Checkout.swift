import Foundation
import TestSupport
import WorkshopChecks

// MARK: - Checkout

/// A checkout of the workshop in a temporary folder: the nested package's entry points and
/// the tracked starters and solutions, copied from this repository, and no learner's copy.
/// Removed when the value is released.
package final class Checkout {
    package let layout: WorkshopLayout
    private let folder: TemporaryFolder

    package init(exercises: [Exercise] = ExerciseCatalog.all) throws {
        folder = try TemporaryFolder()
        layout = WorkshopLayout(root: folder.url)
        let real = WorkshopLayout(root: FakeCheckout.repository)
        try FileManager.default.createDirectory(at: layout.package, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: real.package.appendingPathComponent("Package.swift"), to: layout.package.appendingPathComponent("Package.swift")
        )
        for exercise in exercises {
            for url in [layout.copy(exercise, "main.swift")] + exercise.files.flatMap({ [layout.starter(exercise, $0), layout.solution(exercise, $0)] }) {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            try FileManager.default.copyItem(at: real.copy(exercise, "main.swift"), to: layout.copy(exercise, "main.swift"))
            for file in exercise.files {
                try FileManager.default.copyItem(at: real.starter(exercise, file), to: layout.starter(exercise, file))
                try FileManager.default.copyItem(at: real.solution(exercise, file), to: layout.solution(exercise, file))
            }
        }
    }

    /// The text of a file, or nil when it does not exist.
    package func text(_ url: URL) -> String? {
        try? String(contentsOf: url, encoding: .utf8)
    }

    package func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
    }
}
