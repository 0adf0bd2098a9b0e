// MARK: - WrongFix

/// A fix a hurried or a clever learner would try that does not learn the lesson, and the
/// check that must refuse it: the tests run each one and require that check to fail with
/// its reason. Each is an exercise's type, written as such a learner would write it, and
/// listed on its exercise (``Exercise/wrongFixes``).
package struct WrongFix: Sendable, CustomStringConvertible {
    /// The ways round the lessons that a check must not let pass.
    package enum Kind: String, Sendable, CaseIterable {
        case ignoresWhatIsHandedIn = "ignores what the check hands in"
        case neverTouchesTheDatabase = "an answer that never touches the database"
        case blocksInsteadOfAwaiting = "blocks instead of awaiting"
        case removesTheIsolation = "removes the isolation the exercise is about"
        case skipsTheWork = "skips the work or swallows errors"
        case hidesALeak = "a leak the object walk cannot see"
        case keepsTheMisconception = "keeps the misconception the lesson corrects"
    }

    /// The exercise's number: set by the exercise that lists it.
    package fileprivate(set) var exercise: Int
    /// The type's name, which is also its file's.
    package let name: String
    package let kind: Kind
    /// The check that refuses it, and words its problem must contain.
    package let refusedBy: CheckID
    package let because: String
    /// Seeds to run it on, where the way round depends on the run's data (exercise 11's
    /// taps); nil for fresh ones.
    package let seeds: [UInt64]?

    /// A wrong fix of the exercise that lists it.
    package init(name: String, kind: Kind, refusedBy: CheckID, because: String, seeds: [UInt64]? = nil) {
        self.init(exercise: 0, name: name, kind: kind, refusedBy: refusedBy, because: because, seeds: seeds)
    }

    /// A wrong fix of exercise `exercise`, listed apart from it (an open hole).
    package init(exercise: Int, name: String, kind: Kind, refusedBy: CheckID, because: String, seeds: [UInt64]? = nil) {
        self.exercise = exercise
        self.name = name
        self.kind = kind
        self.refusedBy = refusedBy
        self.because = because
        self.seeds = seeds
    }

    /// The file, as a path from the package root: in the wrong fixes' folder of its
    /// exercise's default isolation (``Exercise/DefaultIsolation/wrongFixesFolder``).
    package var file: String {
        guard let exercise = ExerciseCatalog.exercise(exercise) else { return "\(name).swift" }
        return "\(exercise.defaultIsolation.wrongFixesFolder)/\(exercise.folder)/\(name).swift"
    }

    package var description: String { "\(exercise) \(name)" }
}

extension Exercise {
    /// `fixes`, each marked as this exercise's.
    static func numbered(_ fixes: [WrongFix], _ number: Int) -> [WrongFix] {
        fixes.map { fix in
            var fix = fix
            fix.exercise = number
            return fix
        }
    }
}
