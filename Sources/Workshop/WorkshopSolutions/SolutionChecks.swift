import WorkshopChecks

/// The check of every reference solution, by exercise number, for `WorkshopReference`.
package let solutionChecks: [Int: @Sendable ([String], [UInt64]?) async -> Int32] = [
    1: ConfinementCheck<QueueArchive>.run(arguments:seeds:),
    2: DebugSwitchCheck<NoteTitles>.run(arguments:seeds:),
    3: PlainActorCheck<ActorArchive>.run(arguments:seeds:),
    4: CustomExecutorCheck<ModelArchive>.run(arguments:seeds:),
    5: GlobalActorCheck<NoteIndex>.run(arguments:seeds:),
    6: IsolatedInitCheck<NoteShelf>.run(arguments:seeds:),
    7: IDsNotObjectsCheck<Sidebar>.run(arguments:seeds:),
    8: TaskInheritanceCheck<ImportButton>.run(arguments:seeds:),
    9: LostUpdatesCheck<EditDesk>.run(arguments:seeds:),
    10: ChattyCallsCheck<NoteRowModel>.run(arguments:seeds:),
    11: RetainCycleCheck<DraftEditor>.run(arguments:seeds:),
    12: ObservationCheck<NoteCounter>.run(arguments:seeds:),
    13: InheritedIsolationCheck<NoteList>.run(arguments:seeds:),
    14: BlockingExecutorCheck<NoteImporter>.run(arguments:seeds:),
    15: BackgroundSyncCheck<InboxList>.run(arguments:seeds:),
    16: ModelActorOnMainCheck<ImportPanel>.run(arguments:seeds:),
    17: TemporaryIDsCheck<DraftDesk>.run(arguments:seeds:),
    19: ReadsThatDoNotWaitCheck<LiveNoteList>.run(arguments:seeds:),
]
