internal import Harness

// MARK: - Exercise 11: a retain cycle through a closure

extension Exercise {
    package static let retainCycle = Exercise(
        number: 11, slug: "retain-cycle", lesson: 11,
        goal: "break the cycle between the editor and its button's closure: 0 objects left alive",
        chapter: "Docs/LabGuide.docc/LeaksAndCycles.md", demo: "closure-cycle",
        files: ["DraftEditor.swift"],
        hints: [
            """
            Follow the path the check prints: the editor holds its button, the button holds \
            its action closure, and the closure holds what it captured.
            """,
            """
            A closure captures what it uses, and `self.savedTitles` captures self, strongly. A \
            capture list says how: [weak self] when the closure needs the owner later, or the \
            values alone when it does not.
            """,
            """
            `saveButton.action = { [weak self] in guard let self else { return }; savedTitles.append(title) }`.
            """,
        ],
        startingFailure: .check("leaks")
    )
}

// MARK: - DraftEditing

/// What exercise 11 asks of the learner's type: a draft editor with a Save button.
public protocol DraftEditing: AnyObject {
    init(title: String)
    /// What a tap on the Save button does.
    func tapSave()
    /// The titles saved so far.
    var savedTitles: [String] { get }
}

/// What a run of a ``DraftEditing`` measured.
public struct DraftMeasurements: Measurements {
    /// A ``LeakReport``, as measurements travel.
    struct Leaks: Codable, Sendable {
        var leakedObjects: Int
        var survivorsByType: [String: Int]
        var paths: [String]
    }

    var savedTitles: [String]?
    var leaks: Leaks?

    public init() {}
}

// MARK: - RetainCycleCheck

/// Exercise 11's check: Save still saves, and once the editor is let go, nothing it made
/// stays alive, as the leak check finds by weak references and reflection.
public enum RetainCycleCheck<Editor: DraftEditing>: ExerciseChecker {
    public static var exercise: Exercise { .retainCycle }

    static var title: String { "Groceries" }

    public static func measure(_ record: Recorder<DraftMeasurements>) async throws {
        record.step("tapping Save twice")
        let check = editAndLetGo { saved in record.record { $0.savedTitles = saved } }
        record.step("looking for what the editor left alive")
        await check.settle()
        let report = check.report()
        record.record {
            $0.leaks = .init(leakedObjects: report.leakedObjects, survivorsByType: report.survivorsByType, paths: report.paths)
        }
    }

    /// Makes an editor, taps Save twice, and lets the editor go: the leak check that
    /// tracked it, once it is no longer referenced here.
    private static func editAndLetGo(_ saved: ([String]) -> Void) -> LeakCheck {
        let editor = Editor(title: title)
        editor.tapSave()
        editor.tapSave()
        saved(editor.savedTitles)
        return LeakCheck(tracking: editor)
    }

    public static func checks(_ measured: DraftMeasurements, run: ChildRun) -> [Check] {
        let savesExpected = "\"\(title)\" saved twice"
        let leaksExpected = "0 objects left alive: every deinit ran"
        return [
            .runsToTheEnd(run),
            .of("saves", measured.savedTitles, expected: savesExpected, run: run) { saved in
                .verify(
                    "saves", saved == [title, title], expected: savesExpected, measured: "saved \(saved)",
                    problem: "two taps on Save saved \(saved), not the title twice"
                )
            },
            .of("leaks", measured.leaks, expected: leaksExpected, run: run) { report in
                let survivors = report.survivorsByType.sorted { $0.key < $1.key }.map { "\($1) \($0)" }.joined(separator: ", ")
                let paths = report.paths.joined(separator: "; ")
                return .verify(
                    "leaks", report.leakedObjects == 0, expected: leaksExpected,
                    measured: "\(report.leakedObjects) objects left alive",
                    problem: "\(report.leakedObjects) objects left alive (\(survivors)), kept alive by \(paths)"
                )
            },
        ]
    }
}
