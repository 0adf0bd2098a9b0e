// The exercises compiled with the main actor as their module's default isolation (SE-0466),
// as the nested package compiles them: exercise 18's reference solution (Solutions/) and its
// wrong fixes that compile (WrongFixes/), beside the tables of their checks. Its starter does
// not compile, and the tests compile it instead.
//
// The module's globals would be isolated to the main actor like every other declaration
// here: these are nonisolated, so that WorkshopReference and the wrong fixes' catalog can
// read them from anywhere.

import WorkshopChecks

/// A check run on one type, as `WorkshopReference` runs it.
package typealias CheckRun = @Sendable ([String], [UInt64]?) async -> Int32

/// The check of every reference solution here, by exercise number, which
/// `WorkshopReference` merges into `solutionChecks`.
nonisolated package let mainActorDefaultSolutionChecks: [Int: CheckRun] = [
    18: IsolatedConformanceCheck<RecordImporter>.run(arguments:seeds:),
]

/// The check of each wrong fix here, named as its type, for the catalog of `wrongFixes`.
nonisolated package enum MainActorDefaultWrongFixes {
    package static let preconcurrencyImporter: CheckRun = IsolatedConformanceCheck<PreconcurrencyImporter>.run(arguments:seeds:)
    package static let mainActorDecodingImporter: CheckRun = IsolatedConformanceCheck<MainActorDecodingImporter>.run(arguments:seeds:)
    package static let titleOnlyImporter: CheckRun = IsolatedConformanceCheck<TitleOnlyImporter>.run(arguments:seeds:)
    package static let optionalTryRecordImporter: CheckRun = IsolatedConformanceCheck<OptionalTryRecordImporter>.run(arguments:seeds:)
    package static let selectPollingRecordImporter: CheckRun = IsolatedConformanceCheck<SelectPollingRecordImporter>.run(arguments:seeds:)
    package static let taskRecordImporter: CheckRun = IsolatedConformanceCheck<TaskRecordImporter>.run(arguments:seeds:)
}
