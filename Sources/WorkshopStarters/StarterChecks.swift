import Workshop

/// The check of every starter that compiles, by exercise number, for `WorkshopReference`.
/// The starters of exercises 6 and 7 do not compile: the tests compile them instead.
public let starterChecks: [Int: @Sendable ([String]) async -> Int32] = [
    1: ConfinementCheck<QueueArchive>.run,
]
