// Lesson 11: a closure stored in a property that captures its owner keeps the owner alive.
// Source: "내가 SwiftUI로 개발하면서 고민했던 내용 정리", pookjw (001).

import Meters
import Synchronization

// MARK: - NoteEditor

/// A view model with a save handler, made three ways.
// snippet: note-editor
final class NoteEditor {
    enum Capture: CaseIterable { case strongSelf, weakSelf, valueOnly }

    var title = "Draft"
    var onSave: (() -> String)?

    init(capture: Capture) {
        switch capture {
        case .strongSelf: onSave = { self.title }  // the closure holds self, self holds the closure
        case .weakSelf: onSave = { [weak self] in self?.title ?? "" }
        case .valueOnly: onSave = { [title] in title }  // captures the value, not the owner
        }
    }

    deinit { NoteEditor.deinits.withLock { $0 += 1 } }
    // snippet: end

    static let deinits = Mutex(0)
}

// MARK: - ClosureCycleDemo

package struct ClosureCycleDemo: Demo {
    package struct Outcome: Codable, Sendable, Equatable {
        package struct Capture: Codable, Sendable, Equatable {
            package var capture: String
            /// Objects still alive after the last reference went away.
            package var leakedObjects: Int
            /// The strong paths that keep them alive.
            package var paths: [String]
            /// Whether the editor's `deinit` ran.
            package var deinitRan: Bool
        }

        package var captures: [Capture]
    }

    package static let name = "closure-cycle"
    package static let lesson = 11
    package static let summary = "a handler closure that captures its owner leaks it; a capture list fixes it"
    package static let source = Article.swiftUINotes
    package static let chapter = "Docs/LabGuide.docc/LeaksAndCycles.md"
    package static let whatItDoes = """
        Makes a NoteEditor whose onSave closure captures self strongly, lets it go, and runs \
        the lab's leak check on it, which reports what survived and the path that holds it. \
        Then does the same with [weak self], and with a capture list that takes only the \
        value the closure needs.
        """
    package static let why = """
        A closure captures what it uses; using self (or a property, which is self.property) \
        captures the owner strongly. Stored in the owner's property, the closure and the \
        owner hold each other and neither is ever freed: deinit never runs. A capture list \
        breaks the cycle: [weak self] when the closure needs the owner later, [title] when it \
        needs only a value. Check that deinit runs; the leak check does it for you.
        """

    package init() {}

    package func run(in environment: DemoEnvironment) async throws -> Outcome {
        var captures: [Outcome.Capture] = []
        for capture in NoteEditor.Capture.allCases {
            let deinitsBefore = NoteEditor.deinits.withLock { $0 }
            let report = LeakCheck.run { NoteEditor(capture: capture) }
            let deinitRan = NoteEditor.deinits.withLock { $0 } > deinitsBefore
            captures.append(.init(
                capture: "\(capture)", leakedObjects: report.leakedObjects, paths: report.paths, deinitRan: deinitRan
            ))
        }
        return Outcome(captures: captures)
    }

    package static func whatHappened(_ outcome: Outcome) -> [String] {
        outcome.captures.map { capture in
            let paths = capture.paths.isEmpty ? "" : ", held by " + capture.paths.joined(separator: "; ")
            return "Capturing \(capture.capture): \(capture.leakedObjects) object(s) left alive\(paths); "
                + "deinit \(capture.deinitRan ? "ran" : "never ran")."
        }
    }
}
