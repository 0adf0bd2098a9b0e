import Workshop

/// The check of every reference solution, by exercise number, for `WorkshopReference`.
public let solutionChecks: [Int: @Sendable ([String]) async -> Int32] = [
    1: ConfinementCheck<QueueArchive>.run,
]
