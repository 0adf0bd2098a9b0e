// The exercises compiled with the main actor as their module's default isolation (SE-0466),
// as the nested package compiles them: exercise 18's reference solution and its wrong fixes
// that compile. This module's target takes them from Sources/WorkshopSolutions/ and
// Sources/WorkshopWrongFixes/, whose own targets leave them out; its starter does not
// compile, and the tests compile it instead.
//
// The module's globals would be isolated to the main actor like every other declaration
// here: these are nonisolated, so that WorkshopReference and the wrong fixes' catalog can
// read them from anywhere.

import Workshop

/// A check run on one type, as `WorkshopReference` runs it.
public typealias CheckRun = @Sendable ([String], [UInt64]?) async -> Int32

/// The check of every reference solution here, by exercise number, which
/// `WorkshopReference` merges into `solutionChecks`.
nonisolated public let mainActorDefaultSolutionChecks: [Int: CheckRun] = [
    18: IsolatedConformanceCheck<RecordImporter>.run(arguments:seeds:),
]

/// The check of each wrong fix here, named as its type, for the catalog of `wrongFixes`.
nonisolated public enum MainActorDefaultWrongFixes {
    public static let preconcurrencyImporter: CheckRun = IsolatedConformanceCheck<PreconcurrencyImporter>.run(arguments:seeds:)
    public static let mainActorDecodingImporter: CheckRun = IsolatedConformanceCheck<MainActorDecodingImporter>.run(arguments:seeds:)
    public static let titleOnlyImporter: CheckRun = IsolatedConformanceCheck<TitleOnlyImporter>.run(arguments:seeds:)
}
