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
        try layout.copyTrackedFiles(of: exercises)
    }

    /// The text of a file, or nil when it does not exist.
    package func text(_ url: URL) -> String? {
        try? String(contentsOf: url, encoding: .utf8)
    }

    package func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
    }
}

// MARK: - Copying the tracked files

extension WorkshopLayout {
    /// Copies from this repository into this layout what git tracks of the workshop for
    /// `exercises`: the nested package's manifest, each exercise's entry point, and its
    /// starters and solutions.
    package func copyTrackedFiles(of exercises: [Exercise]) throws {
        let real = WorkshopLayout(root: packageRoot)
        let manager = FileManager.default
        try manager.createDirectory(at: package, withIntermediateDirectories: true)
        try manager.copyItem(at: real.package.appendingPathComponent("Package.swift"), to: package.appendingPathComponent("Package.swift"))
        for exercise in exercises {
            let pairs = [(real.copy(exercise, "main.swift"), copy(exercise, "main.swift"))]
                + exercise.files.flatMap { [(real.starter(exercise, $0), starter(exercise, $0)), (real.solution(exercise, $0), solution(exercise, $0))] }
            for (from, to) in pairs {
                try manager.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
                try manager.copyItem(at: from, to: to)
            }
        }
    }
}
