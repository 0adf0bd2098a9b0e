import WorkshopChecks
import WorkshopMainActorDefault
import Support

// MARK: - WrongFix

/// A fix a hurried or a clever learner would try that does not learn the lesson, and the
/// check that must refuse it: the tests run each one and require that check to fail with
/// its reason. Each is an exercise's type, written as such a learner would write it.
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

    package let exercise: Int
    /// The type's name, which is also its file's.
    package let name: String
    package let kind: Kind
    /// The check that refuses it, and words its problem must contain.
    package let refusedBy: CheckID
    package let because: String
    /// Seeds to run it on, where the way round depends on the run's data (exercise 11's
    /// taps); nil for fresh ones.
    package let seeds: [UInt64]?
    /// The file, as a path from the package root: in the wrong fixes' folder of its
    /// exercise's default isolation (``Exercise/DefaultIsolation/wrongFixesFolder``).
    package var file: String {
        guard let exercise = ExerciseCatalog.exercise(exercise) else { return "\(name).swift" }
        return "\(exercise.defaultIsolation.wrongFixesFolder)/\(exercise.folder)/\(name).swift"
    }

    init(
        exercise: Int, name: String, kind: Kind, refusedBy: CheckID, because: String, seeds: [UInt64]? = nil
    ) {
        self.exercise = exercise
        self.name = name
        self.kind = kind
        self.refusedBy = refusedBy
        self.because = because
        self.seeds = seeds
    }

    package var description: String { "\(exercise) \(name)" }

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

// MARK: - The catalog

package let wrongFixes: [WrongFix] = [
    WrongFix(
        exercise: 1, name: "OwnStoreArchive", kind: .ignoresWhatIsHandedIn, refusedBy: .store,
        because: "opened 1 container of its own"
    ),
    WrongFix(
        exercise: 1, name: "RememberingArchive", kind: .neverTouchesTheDatabase, refusedBy: .reads,
        because: "a value read differs from the reference model's"
    ),
    WrongFix(
        exercise: 1, name: "GlobalThreadArchive", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "on a thread held for it"
    ),
    WrongFix(
        exercise: 1, name: "MainQueueArchive", kind: .ignoresWhatIsHandedIn, refusedBy: .contexts,
        because: "on the main queue"
    ),
    WrongFix(
        exercise: 2, name: "WaitingTitles", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "on the cooperative pool"
    ),
    WrongFix(
        exercise: 3, name: "WaitingActorArchive", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "performAndWait (or ContextQueue.sync) parked a thread"
    ),
    WrongFix(
        exercise: 3, name: "ConfinedActorArchive", kind: .removesTheIsolation, refusedBy: .contexts,
        because: "confined to an actor with confine(to:)"
    ),
    WrongFix(
        exercise: 4, name: "ElsewhereExecutorArchive", kind: .ignoresWhatIsHandedIn, refusedBy: .queue,
        because: "not built on its own context's queue"
    ),
    WrongFix(
        exercise: 5, name: "UncheckedCacheIndex", kind: .removesTheIsolation, refusedBy: .source,
        because: "@unchecked Sendable switches off the compiler's isolation checking"
    ),
    WrongFix(
        exercise: 5, name: "CachelessIndex", kind: .skipsTheWork, refusedBy: .cache,
        because: "read it from the database again"
    ),
    WrongFix(
        exercise: 5, name: "DoubleCacheIndex", kind: .skipsTheWork, refusedBy: .hops,
        because: "a helper that is an actor of its own"
    ),
    WrongFix(
        exercise: 6, name: "PlainStorageShelf", kind: .removesTheIsolation, refusedBy: .source,
        because: "ShelfStorage is no longer isolated to @NoteShelf"
    ),
    WrongFix(
        exercise: 6, name: "NonisolatedInitShelf", kind: .removesTheIsolation, refusedBy: .source,
        because: "nonisolated init switches off the compiler's isolation checking"
    ),
    WrongFix(
        exercise: 7, name: "SwallowingSidebar", kind: .skipsTheWork, refusedBy: .failure,
        because: "try? turns every failure into nil"
    ),
    WrongFix(
        exercise: 8, name: "UnparsedImporter", kind: .neverTouchesTheDatabase, refusedBy: .parsed,
        because: "lines were parsed"
    ),
    WrongFix(
        exercise: 8, name: "PrivateQueueImporter", kind: .blocksInsteadOfAwaiting, refusedBy: .source,
        because: "a synchronous queue call parks the calling thread"
    ),
    WrongFix(
        exercise: 9, name: "RememberedDateEditDesk", kind: .neverTouchesTheDatabase, refusedBy: .checksum,
        because: "updates were lost"
    ),
    WrongFix(
        exercise: 9, name: "WaitingEditDesk", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "on the cooperative pool"
    ),
    WrongFix(
        exercise: 9, name: "ScheduledEditDesk", kind: .skipsTheWork, refusedBy: .checksum,
        because: "had not run yet when apply(_:to:) returned"
    ),
    WrongFix(
        exercise: 10, name: "CachedRowModel", kind: .skipsTheWork, refusedBy: .hops,
        because: "8 hops per row"
    ),
    WrongFix(
        exercise: 11, name: "TwoTapEditor", kind: .hidesALeak, refusedBy: .leaks,
        because: "objects left alive", seeds: [3, 4]
    ),
    WrongFix(
        exercise: 11, name: "CapturedHelperEditor", kind: .hidesALeak, refusedBy: .memory,
        because: "bytes stay allocated for every editor"
    ),
    WrongFix(
        exercise: 12, name: "SummarylessCounter", kind: .skipsTheWork, refusedBy: .summary,
        because: "the summary made in init"
    ),
    WrongFix(
        exercise: 13, name: "WaitingNoteList", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "on the main thread"
    ),
    WrongFix(
        exercise: 14, name: "ExecutorlessImporter", kind: .removesTheIsolation, refusedBy: .executor,
        because: "lost its custom executor"
    ),
    WrongFix(
        exercise: 14, name: "HalfWaitingImporter", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "an executor hands each job to its queue with async"
    ),
    WrongFix(
        exercise: 15, name: "InboxListRefetchingOnRead", kind: .keepsTheMisconception, refusedBy: .objects,
        because: "are new objects"
    ),
    WrongFix(
        exercise: 15, name: "InboxListNewViewContext", kind: .keepsTheMisconception, refusedBy: .rowReads,
        because: "by identifier or by a fetch"
    ),
    WrongFix(
        exercise: 15, name: "InboxListWaitingForFreshValues", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "on the main thread"
    ),
    WrongFix(
        exercise: 15, name: "InboxListMergingEverything", kind: .skipsTheWork, refusedBy: .shown,
        because: "the note the save deleted was still shown"
    ),
    WrongFix(
        exercise: 15, name: "InboxListCopyingFreshValues", kind: .keepsTheMisconception, refusedBy: .objects,
        because: "has unsaved changes"
    ),
    WrongFix(
        exercise: 15, name: "InboxListCopyingAndSavingBack", kind: .keepsTheMisconception, refusedBy: .rowReads,
        because: "by identifier or by a fetch"
    ),
    WrongFix(
        exercise: 16, name: "ImportPanelInATask", kind: .keepsTheMisconception, refusedBy: .mainActor,
        because: "lines parsed on the main actor"
    ),
    WrongFix(
        exercise: 16, name: "ImportPanelDetachedParse", kind: .keepsTheMisconception, refusedBy: .executor,
        because: "the importer's jobs run on the main queue"
    ),
    WrongFix(
        exercise: 16, name: "ImportPanelOwnQueue", kind: .keepsTheMisconception, refusedBy: .executor,
        because: "given a queue of its own"
    ),
    WrongFix(
        exercise: 17, name: "DraftDeskNilOnTemporaryID", kind: .skipsTheWork, refusedBy: .opened,
        because: "Turning the reader's error into nil hides it"
    ),
    WrongFix(
        exercise: 17, name: "DraftDeskSavingTheReader", kind: .keepsTheMisconception, refusedBy: .opened,
        because: "has a temporary identifier"
    ),
    WrongFix(
        exercise: 17, name: "DraftDeskTranslatingIDs", kind: .keepsTheMisconception, refusedBy: .saved,
        because: "none was saved under those identifiers"
    ),
    WrongFix(
        exercise: 18, name: "PreconcurrencyImporter", kind: .removesTheIsolation, refusedBy: .trap,
        because: "A conformance marked @preconcurrency compiles"
    ),
    WrongFix(
        exercise: 18, name: "MainActorDecodingImporter", kind: .keepsTheMisconception, refusedBy: .mainActor,
        because: "records decoded on the main actor"
    ),
    WrongFix(
        exercise: 18, name: "TitleOnlyImporter", kind: .skipsTheWork, refusedBy: .checksum,
        because: "the database does not hold what was imported"
    ),
    WrongFix(
        exercise: 19, name: "LiveNoteListWaiting", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "on the main thread"
    ),
    WrongFix(
        exercise: 19, name: "LiveNoteListOwnStore", kind: .ignoresWhatIsHandedIn, refusedBy: .store,
        because: "of its own"
    ),
    WrongFix(
        exercise: 19, name: "LiveNoteListFirstScreen", kind: .neverTouchesTheDatabase, refusedBy: .screen,
        because: "fewer notes than had been saved when they began"
    ),
    WrongFix(
        exercise: 1, name: "WorkItemWaitingArchive", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held"
    ),
    WrongFix(
        exercise: 2, name: "ConditionLockTitles", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held"
    ),
    WrongFix(
        exercise: 5, name: "SpinningReaderIndex", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held"
    ),
    WrongFix(
        exercise: 8, name: "SpinningImportButton", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held"
    ),
    WrongFix(
        exercise: 10, name: "SemaphoreWaitingRowModel", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held"
    ),
    WrongFix(
        exercise: 13, name: "PollingNoteList", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held"
    ),
    WrongFix(
        exercise: 19, name: "LiveNoteListSpinningForTheReader", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held"
    ),
    WrongFix(
        exercise: 19, name: "LiveNoteListRefreshingInATask", kind: .skipsTheWork, refusedBy: .reads,
        because: "read the notes they show from the store"
    ),
    WrongFix(
        exercise: 19, name: "LiveNoteListKeepingTheLastScreen", kind: .skipsTheWork, refusedBy: .failure,
        because: "refresh()"
    ),
    WrongFix(
        exercise: 19, name: "LiveNoteListSkippingFrames", kind: .skipsTheWork, refusedBy: .reads,
        because: "calls to refresh() read the notes they show"
    ),
    WrongFix(
        exercise: 19, name: "LiveNoteListDetached", kind: .keepsTheMisconception, refusedBy: .behindWrites,
        because: "waited in a queue for a save of the same queue"
    ),
    WrongFix(
        exercise: 19, name: "LiveNoteListViewContext", kind: .keepsTheMisconception, refusedBy: .contexts,
        because: "on the main queue"
    ),
    WrongFix(
        exercise: 1, name: "PosixSemaphoreArchive", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held"
    ),
    WrongFix(
        exercise: 1, name: "ScheduledImportArchive", kind: .skipsTheWork, refusedBy: .done,
        because: "returned before its work was done"
    ),
    WrongFix(
        exercise: 1, name: "SkippingFailedBatchArchive", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller"
    ),
    WrongFix(
        exercise: 3, name: "BackgroundImportActorArchive", kind: .skipsTheWork, refusedBy: .done,
        because: "returned before its work was done"
    ),
    WrongFix(
        exercise: 3, name: "OptionalTryActorArchive", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller"
    ),
    WrongFix(
        exercise: 4, name: "TaskImportModelArchive", kind: .skipsTheWork, refusedBy: .done,
        because: "returned before its work was done"
    ),
    WrongFix(
        exercise: 4, name: "KeptErrorModelArchive", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller"
    ),
    WrongFix(
        exercise: 8, name: "OptionalTryImportButton", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller"
    ),
    WrongFix(
        exercise: 9, name: "OptionalSaveEditDesk", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller"
    ),
    WrongFix(
        exercise: 14, name: "OptionalImportImporter", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller"
    ),
    WrongFix(
        exercise: 16, name: "ImportPanelOptionalImport", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller"
    ),
    WrongFix(
        exercise: 17, name: "DraftDeskOptionalSave", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller"
    ),
    WrongFix(
        exercise: 18, name: "OptionalTryRecordImporter", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller"
    ),
    WrongFix(
        exercise: 16, name: "ImportPanelTaskImport", kind: .skipsTheWork, refusedBy: .done,
        because: "returned before its work was done"
    ),
    WrongFix(
        exercise: 8, name: "ScheduledSaveImportButton", kind: .skipsTheWork, refusedBy: .done,
        because: "returned before its work was done"
    ),
    WrongFix(
        exercise: 6, name: "OptionalLoadShelf", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller"
    ),
    WrongFix(
        exercise: 9, name: "OneAtATimeEditDesk", kind: .keepsTheMisconception, refusedBy: .checksum,
        because: "updates were lost"
    ),
    WrongFix(
        exercise: 2, name: "LoadedOnceTitles", kind: .keepsTheMisconception, refusedBy: .titles,
        because: "a later save"
    ),
    WrongFix(
        exercise: 7, name: "RememberingSidebar", kind: .keepsTheMisconception, refusedBy: .saved,
        because: "a later save"
    ),
    WrongFix(
        exercise: 10, name: "RememberedRowModel", kind: .keepsTheMisconception, refusedBy: .rows,
        because: "a later save"
    ),
    WrongFix(
        exercise: 15, name: "InboxListMergingTheFirstSave", kind: .keepsTheMisconception, refusedBy: .shown,
        because: "a later save"
    ),
    WrongFix(
        exercise: 17, name: "DraftDeskRememberingReader", kind: .keepsTheMisconception, refusedBy: .opened,
        because: "a later save"
    ),
    WrongFix(
        exercise: 1, name: "LoggedFailureArchive", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller"
    ),
    WrongFix(
        exercise: 1, name: "NoteByNoteArchive", kind: .skipsTheWork, refusedBy: .failure,
        because: "not saved in one transaction"
    ),
    WrongFix(
        exercise: 9, name: "TaskEditDesk", kind: .skipsTheWork, refusedBy: .done,
        because: "returned before its work was done"
    ),
    WrongFix(
        exercise: 17, name: "DraftDeskDeferredSave", kind: .skipsTheWork, refusedBy: .done,
        because: "returned before its work was done"
    ),
    WrongFix(
        exercise: 16, name: "ImportPanelHandedContext", kind: .keepsTheMisconception, refusedBy: .executor,
        because: "its executor"
    ),
    WrongFix(
        exercise: 11, name: "BallastEditor", kind: .hidesALeak, refusedBy: .memory,
        because: "editors made and let go are still alive"
    ),
    WrongFix(
        exercise: 1, name: "PrefetchingArchive", kind: .removesTheIsolation, refusedBy: .races,
        because: "ThreadSanitizer found a"
    ),
    WrongFix(
        exercise: 13, name: "MainActorConfinedNoteList", kind: .keepsTheMisconception, refusedBy: .contexts,
        because: "confined to an actor"
    ),
    WrongFix(
        exercise: 2, name: "LenientTitles", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller"
    ),
    WrongFix(
        exercise: 5, name: "OptionalTitleIndex", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller"
    ),
    WrongFix(
        exercise: 13, name: "KeptListNoteList", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller"
    ),
    WrongFix(
        exercise: 18, name: "TaskRecordImporter", kind: .skipsTheWork, refusedBy: .done,
        because: "returned before its work was done"
    ),
    WrongFix(
        exercise: 10, name: "KeptRowModel", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller"
    ),
    WrongFix(
        exercise: 15, name: "SkippingUnreadableInboxList", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller"
    ),
    WrongFix(
        exercise: 3, name: "RememberingActorArchive", kind: .keepsTheMisconception, refusedBy: .reads,
        because: "a later save"
    ),
    WrongFix(
        exercise: 4, name: "HeldNotesModelArchive", kind: .keepsTheMisconception, refusedBy: .reads,
        because: "a later save"
    ),
    WrongFix(
        exercise: 2, name: "ReflectedTitles", kind: .removesTheIsolation, refusedBy: .source,
        because: "reflection (Mirror, dump) reads"
    ),
    WrongFix(
        exercise: 5, name: "AddressCacheIndex", kind: .removesTheIsolation, refusedBy: .source,
        because: "an unsafe pointer"
    ),
    WrongFix(
        exercise: 6, name: "LineBreakInitShelf", kind: .removesTheIsolation, refusedBy: .source,
        because: "nonisolated init switches off"
    ),
    WrongFix(
        exercise: 8, name: "LaunderedContextImportButton", kind: .removesTheIsolation, refusedBy: .source,
        because: "an unsafe pointer"
    ),
    WrongFix(
        exercise: 10, name: "ReflectedRowModel", kind: .removesTheIsolation, refusedBy: .source,
        because: "reflection (Mirror, dump) reads"
    ),
    WrongFix(
        exercise: 11, name: "UnsafeUnownedEditor", kind: .removesTheIsolation, refusedBy: .source,
        because: "unowned(unsafe)"
    ),
    WrongFix(
        exercise: 11, name: "AddressCapturingEditor", kind: .removesTheIsolation, refusedBy: .source,
        because: "an unsafe pointer"
    ),
    WrongFix(
        exercise: 12, name: "ReflectedCountCounter", kind: .removesTheIsolation, refusedBy: .source,
        because: "reflection (Mirror, dump) reads"
    ),
    WrongFix(
        exercise: 13, name: "AddressPassingNoteList", kind: .removesTheIsolation, refusedBy: .source,
        because: "an unsafe pointer"
    ),
    WrongFix(
        exercise: 14, name: "DetachedIndexImporter", kind: .skipsTheWork, refusedBy: .done,
        because: "of it ran on a context's queue after it returned"
    ),
    WrongFix(
        exercise: 7, name: "PollingSidebar", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held"
    ),
    WrongFix(
        exercise: 18, name: "SelectPollingRecordImporter", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held"
    ),
    WrongFix(
        exercise: 3, name: "OperationWaitingActorArchive", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held"
    ),
    WrongFix(
        exercise: 9, name: "YieldingSpinEditDesk", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held"
    ),
    WrongFix(
        exercise: 6, name: "PipeWaitingShelf", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held"
    ),
    WrongFix(
        exercise: 6, name: "NearDuplicateShelf", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held"
    ),
    WrongFix(
        exercise: 7, name: "AddressPassingSidebar", kind: .removesTheIsolation, refusedBy: .source,
        because: "an unsafe pointer"
    ),
    WrongFix(
        exercise: 15, name: "InboxListSleepingForTheMerge", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held"
    ),
    WrongFix(
        exercise: 12, name: "ThreadHoppingCounter", kind: .keepsTheMisconception, refusedBy: .creation,
        because: "waited for another thread"
    ),
    WrongFix(
        exercise: 14, name: "IndexSpinningImporter", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held"
    ),
]

// MARK: - Open holes

/// Wrong fixes that no check refuses yet, each with the check meant to refuse it and the
/// words its problem will contain: what a pass cannot prove today, listed for trainers in
/// Docs/TrainersGuide.md. When a check learns to refuse one, it moves to ``wrongFixes``, whose
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
