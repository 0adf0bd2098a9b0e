import WorkshopChecks

/// The check of every starter that compiles, by exercise number, for `WorkshopReference`.
/// The starters of exercises 6, 7 and 18 do not compile: the tests compile them instead.
package let starterChecks: [Int: @Sendable ([String], [UInt64]?) async -> Int32] = [
    1: ConfinementCheck<QueueArchive>.run(arguments:seeds:),
    2: DebugSwitchCheck<NoteTitles>.run(arguments:seeds:),
    3: PlainActorCheck<ActorArchive>.run(arguments:seeds:),
    4: CustomExecutorCheck<ModelArchive>.run(arguments:seeds:),
    5: GlobalActorCheck<NoteIndex>.run(arguments:seeds:),
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
