internal import Demos
import WorkshopKit
internal import Support
internal import Meters

// MARK: - Exercise 11: a retain cycle through a closure

extension Exercise {
    package static let retainCycle = Exercise(
        number: 11, slug: "retain-cycle",
        goal: "break the cycle between the editor and its button's closure: 0 objects left alive",
        demo: ClosureCycleDemo.self,
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
        startingFailure: .check("leaks"),
        entryPoint: "RetainCycleCheck<DraftEditor>", checkIDs: [.trap, .saves, .leaks, .memory],
        minutes: 10,
        starterShows: "a button's action captures the editor that holds the button",
        passesWhen: "Save still saves, 0 objects are left alive, and no memory is kept per editor",
        teaches: """
            A stored closure that captures its owner keeps it alive; a capture list breaks the \
            cycle, and the leak check proves it.
            """,
        wrongFixes: [
            WrongFix(
                name: "TwoTapEditor", kind: .hidesALeak, refusedBy: .leaks,
                because: "objects left alive", seeds: [3, 4]
            ),
            WrongFix(
                name: "CapturedHelperEditor", kind: .hidesALeak, refusedBy: .memory,
                because: "bytes stay allocated for every editor"
            ),
            WrongFix(
                name: "BallastEditor", kind: .hidesALeak, refusedBy: .memory,
                because: "editors made and let go are still alive"
            ),
            WrongFix(
                name: "UnsafeUnownedEditor", kind: .removesTheIsolation, refusedBy: .source,
                because: "unowned(unsafe)"
            ),
            WrongFix(
                name: "AddressCapturingEditor", kind: .removesTheIsolation, refusedBy: .source,
                because: "an unsafe pointer"
            ),
        ]
    )
}

// MARK: - DraftMeasurements

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
    /// Bytes that stayed allocated per editor made, used and let go, over many; nil where
    /// the allocator's statistics are not available.
    var bytesKeptPerEditor: Double?
    /// Editors, of as many made and let go, still alive afterwards: found by weak
    /// references, whatever else the process freed meanwhile.
    var editorsAlive: Int?
    /// Why the bytes could not be counted.
    var bytesUnavailable: String?

    public init() {}
}

// MARK: - RetainCycleCheck

/// Exercise 11's check: Save still saves, and once the editor is let go, nothing it made
/// stays alive, as the leak check finds by weak references and reflection.
public enum RetainCycleCheck<Editor: DraftEditing>: ExerciseChecker {
    public static var exercise: Exercise { .retainCycle }
    public static var usesStore: Bool { false }
    public static var countsBytes: Bool { true }

    /// Editors made and let go while the allocator counts: a leak of a few bytes each shows.
    static var editors: Int { 200 }

    static var title: String { "Groceries" }

    /// How many times the run taps Save: one to three, from the run's seed, so that an
    /// editor fitted to a fixed number of taps is found out.
    static func taps(_ data: WorkshopData) -> Int { Int(data.seed % 3) + 1 }

    public static func measure(_ record: Recorder<DraftMeasurements>) async throws {
        let taps = taps(record.data)
        record.step("tapping Save \(taps == 1 ? "once" : "\(taps) times")")
        let check = editAndLetGo(taps: taps) { saved in record.record { $0.savedTitles = saved } }
        record.step("looking for what the editor left alive")
        await check.settle()
        let report = check.report()
        record.record {
            $0.leaks = .init(leakedObjects: report.leakedObjects, survivorsByType: report.survivorsByType, paths: report.paths)
        }
        record.step("making, using and letting go of \(editors) editors while the allocator counts")
        guard AllocationMeter.isAvailable else {
            record.record { $0.bytesUnavailable = AllocationMeter.unavailableReason }
            return
        }
        // The first editors fill the allocator's and the runtime's caches, and the first
        // reading sets the meter up (statistics are a snapshot taken before it): not counted.
        // Each of them is watched through a weak reference: an editor still alive is a leak,
        // whatever memory the process freed meanwhile. (A weak reference keeps a side table
        // allocated, so the counted editors below are not watched.)
        let watched = (0..<editors).map { editor in WeakEditor(useAndLetGo(taps: editor % 4)) }
        record.record { $0.editorsAlive = watched.filter { $0.editor != nil }.count }
        _ = AllocationMeter.read()
        let before = AllocationMeter.read()?.liveBytes ?? 0
        for editor in 0..<editors { useAndLetGo(taps: editor % 4) }
        let after = AllocationMeter.read()?.liveBytes ?? 0
        record.record { $0.bytesKeptPerEditor = (Double(after) - Double(before)) / Double(editors) }
    }

    /// One editor's life, as a screen gives it: made, Save tapped `taps` times (none, when
    /// the user closes it unsaved), let go.
    @inline(never)
    @discardableResult
    private static func useAndLetGo(taps: Int) -> Editor {
        let editor = Editor(title: title)
        for _ in 0..<taps { editor.tapSave() }
        return editor
    }

    /// An editor, seen without keeping it alive.
    private struct WeakEditor {
        weak var editor: Editor?

        init(_ editor: Editor) {
            self.editor = editor
        }
    }

    /// Makes an editor, taps Save `taps` times, and lets the editor go: the leak check that
    /// tracked it, once it is no longer referenced here.
    private static func editAndLetGo(taps: Int, _ saved: ([String]) -> Void) -> LeakCheck {
        let editor = Editor(title: title)
        for _ in 0..<taps { editor.tapSave() }
        saved(editor.savedTitles)
        return LeakCheck(tracking: editor)
    }

    public static func checks(_ measured: DraftMeasurements, run: ChildRun, data: WorkshopData) -> [Check] {
        let bytesExpected = "no memory kept per editor once it is let go (at most \(Int(bytesKeptPerEditorAllowed)) bytes)"
        let taps = taps(data)
        let tapsText = taps == 1 ? "once" : taps == 2 ? "twice" : "\(taps) times"
        let savesExpected = "\"\(title)\" saved \(tapsText)"
        let leaksExpected = "0 objects left alive: every deinit ran"
        return [
            .runsToTheEnd(run),
            .of(.saves, measured.savedTitles, expected: savesExpected, run: run) { saved in
                .verify(
                    .saves, saved == Array(repeating: title, count: taps), expected: savesExpected, measured: "saved \(saved)",
                    problem: "\(taps) \(taps == 1 ? "tap" : "taps") on Save saved \(saved), not the title \(tapsText)"
                )
            },
            .of(.leaks, measured.leaks, expected: leaksExpected, run: run) { report in
                let survivors = report.survivorsByType.sorted { $0.key < $1.key }.map { "\($1) \($0)" }.joined(separator: ", ")
                let paths = report.paths.joined(separator: "; ")
                return .verify(
                    .leaks, report.leakedObjects == 0, expected: leaksExpected,
                    measured: "\(report.leakedObjects) objects left alive",
                    problem: "\(report.leakedObjects) objects left alive (\(survivors)), kept alive by \(paths)"
                )
            },
            .memory(measured, expected: bytesExpected, run: run),
        ]
    }
}

extension Check {
    /// `memory`: what the allocator still holds per editor made and let go: the leak check
    /// finds objects by reflection, and reflection does not see into a closure's captures.
    fileprivate static func memory(_ measured: DraftMeasurements, expected: String, run: ChildRun) -> Check {
        if let reason = measured.bytesUnavailable {
            return Check(id: .memory, status: .unavailable, expected: expected, measured: "not counted: \(reason)")
        }
        return .of(.memory, measured.bytesKeptPerEditor, expected: expected, run: run) { bytes in
            let alive = measured.editorsAlive ?? 0
            if alive > 0 {
                return .verify(
                    .memory, false, expected: expected, measured: "\(alive) of \(RetainCycleCheck<NoEditor>.editors) editors alive",
                    problem: "\(alive) of \(RetainCycleCheck<NoEditor>.editors) editors made and let go are still alive: "
                        + "something holds each editor, through what a closure captured. Look at every closure the "
                        + "editor or its parts store, and what each captures"
                )
            }
            if bytes < -bytesKeptPerEditorAllowed {
                return .verify(
                    .memory, false, expected: expected, measured: "\(Format.compact(bytes)) bytes kept per editor",
                    problem: "memory went down by \(Format.compact(-bytes)) bytes for every editor made and let go: the "
                        + "editor frees memory it did not allocate, which hides what it keeps. An editor let go "
                        + "leaves memory as it found it"
                )
            }
            return .verify(
                .memory, bytes <= bytesKeptPerEditorAllowed, expected: expected,
                measured: "\(Format.compact(bytes)) bytes kept per editor",
                problem: "\(Format.compact(bytes)) bytes stay allocated for every editor made and let go: something the editor "
                    + "made is still alive, held by a cycle the leak check cannot follow, through what a closure "
                    + "captured. Look at every closure the editor or its parts store, and what each captures"
            )
        }
    }
}

/// A type to name the check's constants with.
private final class NoEditor: DraftEditing {
    init(title: String) {}
    func tapSave() {}
    var savedTitles: [String] { [] }
}

/// Bytes per editor that may stay allocated without being a leak: none, but for the
/// rounding of an allocator that reuses freed memory in size classes.
private let bytesKeptPerEditorAllowed = 8.0
