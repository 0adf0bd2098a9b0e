import WorkshopChecks
import WorkshopMainActorDefault
import Support

// MARK: - The wrong fixes the lab compiles

/// Every exercise's wrong fixes, in the exercises' order: each is listed on its
/// ``Exercise`` (``Exercise/wrongFixes``), its type compiled in this module or, for an
/// exercise with the main actor as its default isolation, in WorkshopMainActorDefault.
package var wrongFixes: [WrongFix] { ExerciseCatalog.all.flatMap(\.wrongFixes) }

extension WrongFix {
    /// The exercise's check on this type, from the table the ReferenceChecks plugin writes
    /// for the module that compiles it; nil when no such type is compiled.
    package var check: CheckRun? {
        switch ExerciseCatalog.exercise(exercise)?.defaultIsolation {
        case .mainActor: mainActorDefaultWrongFixChecks[name]
        case .nonisolated: wrongFixChecks[name]
        case nil: nil
        }
    }

    /// The wrong-fix types the lab compiles, by name: every file of the two wrong fixes'
    /// folders, whether a catalog lists it or not.
    package static var compiled: Set<String> {
        Set(wrongFixChecks.keys).union(mainActorDefaultWrongFixChecks.keys)
    }
}

// MARK: - Open holes

/// Wrong fixes that no check refuses yet, each with the check meant to refuse it and the
/// words its problem will contain: what a pass cannot prove today, listed for trainers in
/// Docs/TrainersGuide.md. When a check learns to refuse one, it moves to its exercise's ``Exercise/wrongFixes``, whose
/// tests then prove it.
package let openHoles: [WrongFix] = [
    WrongFix(
        exercise: 16, name: "ImportPanelWaitingForOperation", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held"
    ),
    WrongFix(
        exercise: 4, name: "RunLoopWaitingModelArchive", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held"
    ),
]
