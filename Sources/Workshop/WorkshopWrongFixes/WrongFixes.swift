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

    let check: @Sendable ([String], [UInt64]?) async -> Int32

    init(
        exercise: Int, name: String, kind: Kind, refusedBy: CheckID, because: String, seeds: [UInt64]? = nil,
        check: @escaping @Sendable ([String], [UInt64]?) async -> Int32
    ) {
        self.exercise = exercise
        self.name = name
        self.kind = kind
        self.refusedBy = refusedBy
        self.because = because
        self.seeds = seeds
        self.check = check
    }

    package var description: String { "\(exercise) \(name)" }

    /// Runs the exercise's check on this type, as `WorkshopReference` does.
    package func run(_ arguments: [String], seeds: [UInt64]?) async -> Int32 {
        await check(arguments, seeds)
    }
}

// MARK: - The catalog

package let wrongFixes: [WrongFix] = [
    WrongFix(
        exercise: 1, name: "OwnStoreArchive", kind: .ignoresWhatIsHandedIn, refusedBy: .store,
        because: "opened 1 container of its own", check: ConfinementCheck<OwnStoreArchive>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 1, name: "RememberingArchive", kind: .neverTouchesTheDatabase, refusedBy: .reads,
        because: "a value read differs from the reference model's", check: ConfinementCheck<RememberingArchive>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 1, name: "GlobalThreadArchive", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "on a thread held for it", check: ConfinementCheck<GlobalThreadArchive>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 1, name: "MainQueueArchive", kind: .ignoresWhatIsHandedIn, refusedBy: .contexts,
        because: "on the main queue", check: ConfinementCheck<MainQueueArchive>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 2, name: "WaitingTitles", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "on the cooperative pool", check: DebugSwitchCheck<WaitingTitles>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 3, name: "WaitingActorArchive", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "performAndWait (or ContextQueue.sync) parked a thread", check: PlainActorCheck<WaitingActorArchive>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 3, name: "ConfinedActorArchive", kind: .removesTheIsolation, refusedBy: .contexts,
        because: "confined to an actor with confine(to:)", check: PlainActorCheck<ConfinedActorArchive>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 4, name: "ElsewhereExecutorArchive", kind: .ignoresWhatIsHandedIn, refusedBy: .queue,
        because: "not built on its own context's queue", check: CustomExecutorCheck<ElsewhereExecutorArchive>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 5, name: "UncheckedCacheIndex", kind: .removesTheIsolation, refusedBy: .source,
        because: "@unchecked Sendable switches off the compiler's isolation checking", check: GlobalActorCheck<UncheckedCacheIndex>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 5, name: "CachelessIndex", kind: .skipsTheWork, refusedBy: .cache,
        because: "read it from the database again", check: GlobalActorCheck<CachelessIndex>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 5, name: "DoubleCacheIndex", kind: .skipsTheWork, refusedBy: .hops,
        because: "a helper that is an actor of its own", check: GlobalActorCheck<DoubleCacheIndex>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 6, name: "PlainStorageShelf", kind: .removesTheIsolation, refusedBy: .source,
        because: "ShelfStorage is no longer isolated to @NoteShelf", check: IsolatedInitCheck<PlainStorageShelf>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 6, name: "NonisolatedInitShelf", kind: .removesTheIsolation, refusedBy: .source,
        because: "nonisolated init switches off the compiler's isolation checking", check: IsolatedInitCheck<NonisolatedInitShelf>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 7, name: "SwallowingSidebar", kind: .skipsTheWork, refusedBy: .failure,
        because: "try? turns every failure into nil", check: IDsNotObjectsCheck<SwallowingSidebar>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 8, name: "UnparsedImporter", kind: .neverTouchesTheDatabase, refusedBy: .parsed,
        because: "lines were parsed", check: TaskInheritanceCheck<UnparsedImporter>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 8, name: "PrivateQueueImporter", kind: .blocksInsteadOfAwaiting, refusedBy: .source,
        because: "a synchronous queue call parks the calling thread", check: TaskInheritanceCheck<PrivateQueueImporter>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 9, name: "RememberedDateEditDesk", kind: .neverTouchesTheDatabase, refusedBy: .checksum,
        because: "updates were lost", check: LostUpdatesCheck<RememberedDateEditDesk>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 9, name: "WaitingEditDesk", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "on the cooperative pool", check: LostUpdatesCheck<WaitingEditDesk>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 9, name: "ScheduledEditDesk", kind: .skipsTheWork, refusedBy: .checksum,
        because: "had not run yet when apply(_:to:) returned", check: LostUpdatesCheck<ScheduledEditDesk>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 10, name: "CachedRowModel", kind: .skipsTheWork, refusedBy: .hops,
        because: "8 hops per row", check: ChattyCallsCheck<CachedRowModel>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 11, name: "TwoTapEditor", kind: .hidesALeak, refusedBy: .leaks,
        because: "objects left alive", seeds: [3, 4], check: RetainCycleCheck<TwoTapEditor>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 11, name: "CapturedHelperEditor", kind: .hidesALeak, refusedBy: .memory,
        because: "bytes stay allocated for every editor", check: RetainCycleCheck<CapturedHelperEditor>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 12, name: "SummarylessCounter", kind: .skipsTheWork, refusedBy: .summary,
        because: "the summary made in init", check: ObservationCheck<SummarylessCounter>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 13, name: "WaitingNoteList", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "on the main thread", check: InheritedIsolationCheck<WaitingNoteList>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 14, name: "ExecutorlessImporter", kind: .removesTheIsolation, refusedBy: .executor,
        because: "lost its custom executor", check: BlockingExecutorCheck<ExecutorlessImporter>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 14, name: "HalfWaitingImporter", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "an executor hands each job to its queue with async", check: BlockingExecutorCheck<HalfWaitingImporter>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 15, name: "InboxListRefetchingOnRead", kind: .keepsTheMisconception, refusedBy: .objects,
        because: "are new objects", check: BackgroundSyncCheck<InboxListRefetchingOnRead>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 15, name: "InboxListNewViewContext", kind: .keepsTheMisconception, refusedBy: .rowReads,
        because: "by identifier or by a fetch", check: BackgroundSyncCheck<InboxListNewViewContext>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 15, name: "InboxListWaitingForFreshValues", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "on the main thread", check: BackgroundSyncCheck<InboxListWaitingForFreshValues>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 15, name: "InboxListMergingEverything", kind: .skipsTheWork, refusedBy: .shown,
        because: "the note the save deleted was still shown", check: BackgroundSyncCheck<InboxListMergingEverything>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 15, name: "InboxListCopyingFreshValues", kind: .keepsTheMisconception, refusedBy: .objects,
        because: "has unsaved changes", check: BackgroundSyncCheck<InboxListCopyingFreshValues>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 15, name: "InboxListCopyingAndSavingBack", kind: .keepsTheMisconception, refusedBy: .rowReads,
        because: "by identifier or by a fetch", check: BackgroundSyncCheck<InboxListCopyingAndSavingBack>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 16, name: "ImportPanelInATask", kind: .keepsTheMisconception, refusedBy: .mainActor,
        because: "lines parsed on the main actor", check: ModelActorOnMainCheck<ImportPanelInATask>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 16, name: "ImportPanelDetachedParse", kind: .keepsTheMisconception, refusedBy: .executor,
        because: "the importer's jobs run on the main queue", check: ModelActorOnMainCheck<ImportPanelDetachedParse>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 16, name: "ImportPanelOwnQueue", kind: .keepsTheMisconception, refusedBy: .executor,
        because: "given a queue of its own", check: ModelActorOnMainCheck<ImportPanelOwnQueue>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 17, name: "DraftDeskNilOnTemporaryID", kind: .skipsTheWork, refusedBy: .opened,
        because: "Turning the reader's error into nil hides it", check: TemporaryIDsCheck<DraftDeskNilOnTemporaryID>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 17, name: "DraftDeskSavingTheReader", kind: .keepsTheMisconception, refusedBy: .opened,
        because: "has a temporary identifier", check: TemporaryIDsCheck<DraftDeskSavingTheReader>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 17, name: "DraftDeskTranslatingIDs", kind: .keepsTheMisconception, refusedBy: .saved,
        because: "none was saved under those identifiers", check: TemporaryIDsCheck<DraftDeskTranslatingIDs>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 18, name: "PreconcurrencyImporter", kind: .removesTheIsolation, refusedBy: .trap,
        because: "A conformance marked @preconcurrency compiles", check: MainActorDefaultWrongFixes.preconcurrencyImporter
    ),
    WrongFix(
        exercise: 18, name: "MainActorDecodingImporter", kind: .keepsTheMisconception, refusedBy: .mainActor,
        because: "records decoded on the main actor", check: MainActorDefaultWrongFixes.mainActorDecodingImporter
    ),
    WrongFix(
        exercise: 18, name: "TitleOnlyImporter", kind: .skipsTheWork, refusedBy: .checksum,
        because: "the database does not hold what was imported", check: MainActorDefaultWrongFixes.titleOnlyImporter
    ),
    WrongFix(
        exercise: 19, name: "LiveNoteListWaiting", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "on the main thread", check: ReadsThatDoNotWaitCheck<LiveNoteListWaiting>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 19, name: "LiveNoteListOwnStore", kind: .ignoresWhatIsHandedIn, refusedBy: .store,
        because: "of its own", check: ReadsThatDoNotWaitCheck<LiveNoteListOwnStore>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 19, name: "LiveNoteListFirstScreen", kind: .neverTouchesTheDatabase, refusedBy: .screen,
        because: "fewer notes than had been saved when they began", check: ReadsThatDoNotWaitCheck<LiveNoteListFirstScreen>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 1, name: "WorkItemWaitingArchive", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held", check: ConfinementCheck<WorkItemWaitingArchive>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 2, name: "ConditionLockTitles", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held", check: DebugSwitchCheck<ConditionLockTitles>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 5, name: "SpinningReaderIndex", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held", check: GlobalActorCheck<SpinningReaderIndex>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 8, name: "SpinningImportButton", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held", check: TaskInheritanceCheck<SpinningImportButton>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 10, name: "SemaphoreWaitingRowModel", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held", check: ChattyCallsCheck<SemaphoreWaitingRowModel>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 13, name: "PollingNoteList", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held", check: InheritedIsolationCheck<PollingNoteList>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 19, name: "LiveNoteListSpinningForTheReader", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held", check: ReadsThatDoNotWaitCheck<LiveNoteListSpinningForTheReader>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 19, name: "LiveNoteListRefreshingInATask", kind: .skipsTheWork, refusedBy: .reads,
        because: "read the notes they show from the store", check: ReadsThatDoNotWaitCheck<LiveNoteListRefreshingInATask>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 19, name: "LiveNoteListKeepingTheLastScreen", kind: .skipsTheWork, refusedBy: .failure,
        because: "refresh()", check: ReadsThatDoNotWaitCheck<LiveNoteListKeepingTheLastScreen>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 19, name: "LiveNoteListSkippingFrames", kind: .skipsTheWork, refusedBy: .reads,
        because: "calls to refresh() read the notes they show", check: ReadsThatDoNotWaitCheck<LiveNoteListSkippingFrames>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 19, name: "LiveNoteListDetached", kind: .keepsTheMisconception, refusedBy: .behindWrites,
        because: "waited in a queue for a save of the same queue", check: ReadsThatDoNotWaitCheck<LiveNoteListDetached>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 19, name: "LiveNoteListViewContext", kind: .keepsTheMisconception, refusedBy: .contexts,
        because: "on the main queue", check: ReadsThatDoNotWaitCheck<LiveNoteListViewContext>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 1, name: "PosixSemaphoreArchive", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held", check: ConfinementCheck<PosixSemaphoreArchive>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 1, name: "ScheduledImportArchive", kind: .skipsTheWork, refusedBy: .done,
        because: "returned before its work was done", check: ConfinementCheck<ScheduledImportArchive>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 1, name: "SkippingFailedBatchArchive", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller", check: ConfinementCheck<SkippingFailedBatchArchive>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 3, name: "BackgroundImportActorArchive", kind: .skipsTheWork, refusedBy: .done,
        because: "returned before its work was done", check: PlainActorCheck<BackgroundImportActorArchive>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 3, name: "OptionalTryActorArchive", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller", check: PlainActorCheck<OptionalTryActorArchive>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 4, name: "TaskImportModelArchive", kind: .skipsTheWork, refusedBy: .done,
        because: "returned before its work was done", check: CustomExecutorCheck<TaskImportModelArchive>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 4, name: "KeptErrorModelArchive", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller", check: CustomExecutorCheck<KeptErrorModelArchive>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 8, name: "OptionalTryImportButton", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller", check: TaskInheritanceCheck<OptionalTryImportButton>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 9, name: "OptionalSaveEditDesk", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller", check: LostUpdatesCheck<OptionalSaveEditDesk>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 14, name: "OptionalImportImporter", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller", check: BlockingExecutorCheck<OptionalImportImporter>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 16, name: "ImportPanelOptionalImport", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller", check: ModelActorOnMainCheck<ImportPanelOptionalImport>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 17, name: "DraftDeskOptionalSave", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller", check: TemporaryIDsCheck<DraftDeskOptionalSave>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 18, name: "OptionalTryRecordImporter", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller", check: MainActorDefaultWrongFixes.optionalTryRecordImporter
    ),
    WrongFix(
        exercise: 16, name: "ImportPanelTaskImport", kind: .skipsTheWork, refusedBy: .done,
        because: "returned before its work was done", check: ModelActorOnMainCheck<ImportPanelTaskImport>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 8, name: "ScheduledSaveImportButton", kind: .skipsTheWork, refusedBy: .done,
        because: "returned before its work was done", check: TaskInheritanceCheck<ScheduledSaveImportButton>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 6, name: "OptionalLoadShelf", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller", check: IsolatedInitCheck<OptionalLoadShelf>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 9, name: "OneAtATimeEditDesk", kind: .keepsTheMisconception, refusedBy: .checksum,
        because: "updates were lost", check: LostUpdatesCheck<OneAtATimeEditDesk>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 2, name: "LoadedOnceTitles", kind: .keepsTheMisconception, refusedBy: .titles,
        because: "a later save", check: DebugSwitchCheck<LoadedOnceTitles>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 7, name: "RememberingSidebar", kind: .keepsTheMisconception, refusedBy: .saved,
        because: "a later save", check: IDsNotObjectsCheck<RememberingSidebar>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 10, name: "RememberedRowModel", kind: .keepsTheMisconception, refusedBy: .rows,
        because: "a later save", check: ChattyCallsCheck<RememberedRowModel>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 15, name: "InboxListMergingTheFirstSave", kind: .keepsTheMisconception, refusedBy: .shown,
        because: "a later save", check: BackgroundSyncCheck<InboxListMergingTheFirstSave>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 17, name: "DraftDeskRememberingReader", kind: .keepsTheMisconception, refusedBy: .opened,
        because: "a later save", check: TemporaryIDsCheck<DraftDeskRememberingReader>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 1, name: "LoggedFailureArchive", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller", check: ConfinementCheck<LoggedFailureArchive>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 1, name: "NoteByNoteArchive", kind: .skipsTheWork, refusedBy: .failure,
        because: "not saved in one transaction", check: ConfinementCheck<NoteByNoteArchive>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 9, name: "TaskEditDesk", kind: .skipsTheWork, refusedBy: .done,
        because: "returned before its work was done", check: LostUpdatesCheck<TaskEditDesk>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 17, name: "DraftDeskDeferredSave", kind: .skipsTheWork, refusedBy: .done,
        because: "returned before its work was done", check: TemporaryIDsCheck<DraftDeskDeferredSave>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 16, name: "ImportPanelHandedContext", kind: .keepsTheMisconception, refusedBy: .executor,
        because: "its executor", check: ModelActorOnMainCheck<ImportPanelHandedContext>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 11, name: "BallastEditor", kind: .hidesALeak, refusedBy: .memory,
        because: "editors made and let go are still alive", check: RetainCycleCheck<BallastEditor>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 1, name: "PrefetchingArchive", kind: .removesTheIsolation, refusedBy: .races,
        because: "ThreadSanitizer found a", check: ConfinementCheck<PrefetchingArchive>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 13, name: "MainActorConfinedNoteList", kind: .keepsTheMisconception, refusedBy: .contexts,
        because: "confined to an actor", check: InheritedIsolationCheck<MainActorConfinedNoteList>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 2, name: "LenientTitles", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller", check: DebugSwitchCheck<LenientTitles>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 5, name: "OptionalTitleIndex", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller", check: GlobalActorCheck<OptionalTitleIndex>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 13, name: "KeptListNoteList", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller", check: InheritedIsolationCheck<KeptListNoteList>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 18, name: "TaskRecordImporter", kind: .skipsTheWork, refusedBy: .done,
        because: "returned before its work was done", check: MainActorDefaultWrongFixes.taskRecordImporter
    ),
    WrongFix(
        exercise: 10, name: "KeptRowModel", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller", check: ChattyCallsCheck<KeptRowModel>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 15, name: "SkippingUnreadableInboxList", kind: .skipsTheWork, refusedBy: .failure,
        because: "never reached the caller", check: BackgroundSyncCheck<SkippingUnreadableInboxList>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 3, name: "RememberingActorArchive", kind: .keepsTheMisconception, refusedBy: .reads,
        because: "a later save", check: PlainActorCheck<RememberingActorArchive>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 4, name: "HeldNotesModelArchive", kind: .keepsTheMisconception, refusedBy: .reads,
        because: "a later save", check: CustomExecutorCheck<HeldNotesModelArchive>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 2, name: "ReflectedTitles", kind: .removesTheIsolation, refusedBy: .source,
        because: "reflection (Mirror, dump) reads", check: DebugSwitchCheck<ReflectedTitles>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 5, name: "AddressCacheIndex", kind: .removesTheIsolation, refusedBy: .source,
        because: "an unsafe pointer", check: GlobalActorCheck<AddressCacheIndex>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 6, name: "LineBreakInitShelf", kind: .removesTheIsolation, refusedBy: .source,
        because: "nonisolated init switches off", check: IsolatedInitCheck<LineBreakInitShelf>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 8, name: "LaunderedContextImportButton", kind: .removesTheIsolation, refusedBy: .source,
        because: "an unsafe pointer", check: TaskInheritanceCheck<LaunderedContextImportButton>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 10, name: "ReflectedRowModel", kind: .removesTheIsolation, refusedBy: .source,
        because: "reflection (Mirror, dump) reads", check: ChattyCallsCheck<ReflectedRowModel>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 11, name: "UnsafeUnownedEditor", kind: .removesTheIsolation, refusedBy: .source,
        because: "unowned(unsafe)", check: RetainCycleCheck<UnsafeUnownedEditor>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 11, name: "AddressCapturingEditor", kind: .removesTheIsolation, refusedBy: .source,
        because: "an unsafe pointer", check: RetainCycleCheck<AddressCapturingEditor>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 12, name: "ReflectedCountCounter", kind: .removesTheIsolation, refusedBy: .source,
        because: "reflection (Mirror, dump) reads", check: ObservationCheck<ReflectedCountCounter>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 13, name: "AddressPassingNoteList", kind: .removesTheIsolation, refusedBy: .source,
        because: "an unsafe pointer", check: InheritedIsolationCheck<AddressPassingNoteList>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 14, name: "DetachedIndexImporter", kind: .skipsTheWork, refusedBy: .done,
        because: "of it ran on a context's queue after it returned", check: BlockingExecutorCheck<DetachedIndexImporter>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 7, name: "PollingSidebar", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held", check: IDsNotObjectsCheck<PollingSidebar>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 18, name: "SelectPollingRecordImporter", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held", check: MainActorDefaultWrongFixes.selectPollingRecordImporter
    ),
    WrongFix(
        exercise: 3, name: "OperationWaitingActorArchive", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held", check: PlainActorCheck<OperationWaitingActorArchive>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 9, name: "YieldingSpinEditDesk", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held", check: LostUpdatesCheck<YieldingSpinEditDesk>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 6, name: "PipeWaitingShelf", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held", check: IsolatedInitCheck<PipeWaitingShelf>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 6, name: "NearDuplicateShelf", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held", check: IsolatedInitCheck<NearDuplicateShelf>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 7, name: "AddressPassingSidebar", kind: .removesTheIsolation, refusedBy: .source,
        because: "an unsafe pointer", check: IDsNotObjectsCheck<AddressPassingSidebar>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 15, name: "InboxListSleepingForTheMerge", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held", check: BackgroundSyncCheck<InboxListSleepingForTheMerge>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 12, name: "ThreadHoppingCounter", kind: .keepsTheMisconception, refusedBy: .creation,
        because: "waited for another thread", check: ObservationCheck<ThreadHoppingCounter>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 14, name: "IndexSpinningImporter", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held", check: BlockingExecutorCheck<IndexSpinningImporter>.run(arguments:seeds:)
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
        because: "held", check: ModelActorOnMainCheck<ImportPanelWaitingForOperation>.run(arguments:seeds:)
    ),
    WrongFix(
        exercise: 4, name: "RunLoopWaitingModelArchive", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
        because: "held", check: CustomExecutorCheck<RunLoopWaitingModelArchive>.run(arguments:seeds:)
    ),
]
