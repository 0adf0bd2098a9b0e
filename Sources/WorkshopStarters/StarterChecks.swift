import Workshop

/// The check of every starter that compiles, by exercise number, for `WorkshopReference`.
/// The starters of exercises 6 and 7 do not compile: the tests compile them instead.
public let starterChecks: [Int: @Sendable ([String]) async -> Int32] = [
    1: ConfinementCheck<QueueArchive>.run,
    2: DebugSwitchCheck<NoteTitles>.run,
    3: PlainActorCheck<ActorArchive>.run,
    4: CustomExecutorCheck<ModelArchive>.run,
    5: GlobalActorCheck<NoteIndex>.run,
    8: TaskInheritanceCheck<ImportButton>.run,
    9: LostUpdatesCheck<EditDesk>.run,
    10: ChattyCallsCheck<NoteRowModel>.run,
    11: RetainCycleCheck<DraftEditor>.run,
    12: ObservationCheck<NoteCounter>.run,
    13: InheritedIsolationCheck<NoteList>.run,
    14: BlockingExecutorCheck<NoteImporter>.run,
]
