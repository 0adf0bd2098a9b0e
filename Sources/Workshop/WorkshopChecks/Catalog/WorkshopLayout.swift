import Foundation

// MARK: - WorkshopLayout

/// Where the workshop's files are in a checkout of the lab.
///
/// The tracked starter and reference solution of each exercise are in
/// `Sources/Workshop/WorkshopStarters/<folder>/` and `Sources/Workshop/WorkshopSolutions/<folder>/`
/// (`WorkshopMainActorDefault/Solutions/<folder>/` for an exercise compiled with the main actor as
/// its default isolation: ``Exercise/DefaultIsolation/solutionsFolder``). The
/// learner edits copies in `Workshop/Exercises/<folder>/`, beside the check's entry point,
/// and the nested package in `Workshop/` builds them one exercise at a time.
package struct WorkshopLayout: Sendable, Equatable {
    /// The checkout's root folder.
    package let root: URL

    package init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// The checkout that holds `folder`: `folder` itself or the nearest folder above it that
    /// has the nested package and the starters.
    package static func enclosing(_ folder: URL) -> WorkshopLayout? {
        var candidate = folder.standardizedFileURL
        while true {
            let layout = WorkshopLayout(root: candidate)
            if layout.isComplete { return layout }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path { return nil }
            candidate = parent
        }
    }

    /// Whether the nested package and the starters are where they belong.
    package var isComplete: Bool {
        FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path)
            && FileManager.default.fileExists(atPath: root.appendingPathComponent("Sources/Workshop/WorkshopStarters").path)
    }

    /// The nested package that builds the learner's copies: `Workshop/`.
    package var package: URL { root.appendingPathComponent("Workshop") }

    /// The tracked starter of one of `exercise`'s files.
    package func starter(_ exercise: Exercise, _ file: String) -> URL {
        root.appendingPathComponent("Sources/Workshop/WorkshopStarters/\(exercise.folder)/\(file)")
    }

    /// The tracked reference solution of one of `exercise`'s files.
    package func solution(_ exercise: Exercise, _ file: String) -> URL {
        root.appendingPathComponent("\(exercise.defaultIsolation.solutionsFolder)/\(exercise.folder)/\(file)")
    }

    /// The learner's copy of one of `exercise`'s files.
    package func copy(_ exercise: Exercise, _ file: String) -> URL {
        package.appendingPathComponent("Exercises/\(exercise.folder)/\(file)")
    }

    /// `url`'s path from the root, as messages show it.
    package func relative(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
