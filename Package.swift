// swift-tools-version: 6.2
//
// The concurrency-patterns lab: one Core Data-like store over SQLite, one workload,
// and the concurrency patterns that run it side by side.
//
// Tools version 6.2 for `.defaultIsolation(MainActor.self)` (SE-0466), which exercise 18's
// code is compiled with; nothing else here needs more than 6.1.

import Foundation
import PackageDescription

let strictSwift: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

/// What an exercise's code may import: the store, the patterns' protocols and the
/// workshop's fixtures (WorkshopKit), as a real app has them; never the workload's plans or
/// the checks. The nested package in Workshop/ gives the learner's copies the same, and
/// `lab workshop check` refuses any other import. The starters' and solutions' targets also
/// link the checks (Workshop), for their tables of checks, which no exercise file imports.
let workshopCode: [Target.Dependency] = [
    "NoteStore", "WorkshopKit", "CustomExecutorStore", "GlobalActorStore", "PreconcurrencyStore", "Workshop",
]

/// The exercises whose module has the main actor as its default isolation, as
/// Workshop/Package.swift compiles them.
let mainActorDefault = ["18-isolated-conformance"]

/// The sources of the target that compiles them, as paths from Sources/: its own folder, and
/// their folders of solutions and wrong fixes.
let mainActorDefaultSources = ["WorkshopMainActorDefault"]
    + mainActorDefault.flatMap { ["WorkshopSolutions/" + $0, "WorkshopWrongFixes/" + $0] }

/// Everything else in Sources/ and in the folders that hold them, which that target, whose
/// path is Sources/, leaves out: the other targets' files are theirs.
let mainActorDefaultExcluded: [String] = {
    func entries(_ folder: String) -> [String] {
        let path = Context.packageDirectory + "/Sources" + (folder.isEmpty ? "" : "/" + folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.map { folder.isEmpty ? $0 : folder + "/" + $0 }.sorted()
    }
    let parents = Set(mainActorDefaultSources.compactMap { $0.split(separator: "/").dropLast().first.map(String.init) })
    return (entries("") + parents.sorted().flatMap(entries)).filter { entry in
        !mainActorDefaultSources.contains(entry) && !parents.contains(entry)
    }
}()

let package = Package(
    name: "concurrency-patterns-lab",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "lab", targets: ["lab"]),
        .library(name: "NoteStore", targets: ["NoteStore"]),
        .library(name: "Workload", targets: ["Workload"]),
        .library(name: "QueuePerformStore", targets: ["QueuePerformStore"]),
        .library(name: "PlainActorStore", targets: ["PlainActorStore"]),
        .library(name: "CustomExecutorStore", targets: ["CustomExecutorStore"]),
        .library(name: "GlobalActorStore", targets: ["GlobalActorStore"]),
        .library(name: "ActorPerObjectStore", targets: ["ActorPerObjectStore"]),
        .library(name: "TaskExecutorStore", targets: ["TaskExecutorStore"]),
        .library(name: "ActorConfinedStore", targets: ["ActorConfinedStore"]),
        .library(name: "ThreadExecutorStore", targets: ["ThreadExecutorStore"]),
        .library(name: "NonsendingStore", targets: ["NonsendingStore"]),
        .library(name: "ConcurrentStore", targets: ["ConcurrentStore"]),
        .library(name: "Baselines", targets: ["Baselines"]),
        .library(name: "Harness", targets: ["Harness"]),
        .library(name: "Rows", targets: ["Rows"]),
        .library(name: "Demos", targets: ["Demos"]),
        .library(name: "LabCommands", targets: ["LabCommands"]),
        .library(name: "Workshop", targets: ["Workshop"]),
        .library(name: "WorkshopKit", targets: ["WorkshopKit"]),
        .library(name: "PreconcurrencyStore", targets: ["PreconcurrencyStore"]),
    ],
    // The one switch between the measuring build and the sanitizer builds. jemalloc replaces
    // malloc for the whole process and exports C++ operator new/delete, which ThreadSanitizer
    // and AddressSanitizer must own: `make race` and `make leaks` build with
    // --disable-default-traits, which leaves jemalloc out, and the allocation meter then says
    // why it counts nothing.
    traits: [
        .trait(name: "Jemalloc", description: "Link jemalloc on Linux for the allocation and leak meters (off in sanitizer builds)."),
        .default(enabledTraits: ["Jemalloc"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: The store
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite3"])]
        ),
        .target(name: "NoteStore", dependencies: ["CSQLite"], swiftSettings: strictSwift),
        .target(name: "Workload", dependencies: ["NoteStore"], swiftSettings: strictSwift),

        // MARK: The patterns, one target each
        .target(name: "QueuePerformStore", dependencies: ["NoteStore", "Workload"], swiftSettings: strictSwift),
        .target(name: "PlainActorStore", dependencies: ["NoteStore", "Workload"], swiftSettings: strictSwift),
        .target(name: "CustomExecutorStore", dependencies: ["NoteStore", "Workload"], swiftSettings: strictSwift),
        .target(name: "GlobalActorStore", dependencies: ["NoteStore", "Workload"], swiftSettings: strictSwift),
        .target(name: "ActorPerObjectStore", dependencies: ["NoteStore", "Workload"], swiftSettings: strictSwift),
        // The rows of executors and Swift 6.2 (issue 11's "where the time goes"): how the
        // caller runs, where the context is confined, and what a language setting moves.
        .target(name: "TaskExecutorStore", dependencies: ["NoteStore", "Workload", "CustomExecutorStore"], swiftSettings: strictSwift),
        .target(name: "ActorConfinedStore", dependencies: ["NoteStore", "Workload"], swiftSettings: strictSwift),
        .target(name: "ThreadExecutorStore", dependencies: ["NoteStore", "Workload"], swiftSettings: strictSwift),
        // The same actor file in both (ConcurrentStore links it): only the helpers' isolation
        // differs, set by the upcoming feature here and by `@concurrent` there.
        .target(
            name: "NonsendingStore", dependencies: ["NoteStore", "Workload", "CustomExecutorStore"],
            swiftSettings: strictSwift + [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]
        ),
        .target(name: "ConcurrentStore", dependencies: ["NoteStore", "Workload", "CustomExecutorStore"], swiftSettings: strictSwift),
        .target(
            name: "Baselines",
            dependencies: ["CSQLite", "NoteStore", "Workload", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSwift
        ),

        // MARK: The measuring harness
        .systemLibrary(
            name: "CJemalloc",
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"]), .brew(["jemalloc"])]
        ),
        // Hooks linked into the lab's own executable: the swift_task_switch counter and
        // jemalloc's options. C, because the hook must use the Swift async calling convention.
        .target(name: "CRuntimeHooks"),
        .target(
            name: "Harness",
            dependencies: [
                "NoteStore", "Workload", "CRuntimeHooks",
                .target(name: "CJemalloc", condition: .when(platforms: [.linux], traits: ["Jemalloc"])),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: strictSwift
        ),

        // MARK: The rows: the catalog, and the one cycle that opens, measures and closes a row
        .target(
            name: "Rows",
            dependencies: [
                "NoteStore", "Workload", "Harness", "Baselines",
                "QueuePerformStore", "PlainActorStore", "CustomExecutorStore", "GlobalActorStore", "ActorPerObjectStore",
                "TaskExecutorStore", "ActorConfinedStore", "ThreadExecutorStore", "NonsendingStore", "ConcurrentStore",
            ],
            swiftSettings: strictSwift
        ),

        // MARK: The demos: one per lesson
        // Starting child processes: what runs between fork and exec must be C.
        .target(name: "CChildProcess"),
        .target(
            name: "Demos",
            dependencies: [
                "CChildProcess", "NoteStore", "Workload", "Harness",
                "PlainActorStore", "CustomExecutorStore", "GlobalActorStore", "ActorPerObjectStore",
                "PreconcurrencyStore",
            ],
            swiftSettings: strictSwift
        ),

        // MARK: The workshop: graded exercises (Workshop/ holds the learner's copies)
        // What an exercise's own code may use: the protocols it conforms to and its fixtures.
        .target(name: "WorkshopKit", dependencies: ["NoteStore", "Workload", "GlobalActorStore", "CustomExecutorStore"], swiftSettings: strictSwift),
        .target(
            name: "Workshop",
            dependencies: [
                "NoteStore", "Workload", "WorkshopKit", "Harness", "Demos",
                "PlainActorStore", "CustomExecutorStore", "GlobalActorStore",
            ],
            swiftSettings: strictSwift
        ),
        // An unannotated Objective-C callback API (Core Data's perform in older SDKs), as an
        // API never audited for concurrency is seen: the one target in the Swift 5 language
        // mode, on purpose (exercise 13).
        .target(name: "PreconcurrencyStore", dependencies: ["NoteStore"], swiftSettings: [.swiftLanguageMode(.v5)]),
        // Every starter that compiles, and every reference solution, so that the tests can
        // run each one's check; the starters that do not compile (exercises 6, 7 and 18) are
        // compiled by the tests alone.
        .target(
            name: "WorkshopStarters", dependencies: workshopCode,
            exclude: ["06-isolated-init", "07-ids-not-objects", "18-isolated-conformance"], swiftSettings: strictSwift
        ),
        .target(name: "WorkshopSolutions", dependencies: workshopCode, exclude: mainActorDefault, swiftSettings: strictSwift),
        // The wrong fixes a learner would try, one type each, that the checks must refuse.
        .target(
            name: "WorkshopWrongFixes", dependencies: workshopCode + ["WorkshopMainActorDefault"],
            exclude: mainActorDefault, swiftSettings: strictSwift
        ),
        // The solutions and wrong fixes of the exercises that the nested package compiles
        // with the main actor as their default isolation, compiled the same way: their
        // folders, left out of the two targets above, and the tables of their checks.
        .target(
            name: "WorkshopMainActorDefault", dependencies: workshopCode, path: "Sources",
            exclude: mainActorDefaultExcluded, sources: mainActorDefaultSources,
            swiftSettings: strictSwift + [.defaultIsolation(MainActor.self)]
        ),
        .executableTarget(
            name: "WorkshopReference",
            dependencies: ["Workshop", "WorkshopStarters", "WorkshopSolutions", "WorkshopWrongFixes", "WorkshopMainActorDefault"],
            swiftSettings: strictSwift
        ),

        // MARK: The command line
        .target(
            name: "LabCommands",
            dependencies: [
                "NoteStore", "Workload", "Demos", "Rows", "Harness", "Workshop",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSwift
        ),
        // Checked before the Swift runtime starts: the open files `lab` needs.
        .target(name: "CLabStart"),
        .executableTarget(name: "lab", dependencies: ["CLabStart", "LabCommands"], swiftSettings: strictSwift),

        // MARK: The guide (DocC; the chapters are readable on GitHub too)
        .target(name: "LabGuide", path: "Docs", exclude: ["README.md", "Reliability.md", "Results.md", "Results.svg", "Workshop.md"], sources: ["LabGuide.swift"]),

        // MARK: Tests
        // What the tests share: the temporary folder, the reference-model check of a row.
        .target(name: "RowTestSupport", dependencies: ["NoteStore", "Workload"], path: "Tests/RowTestSupport", swiftSettings: strictSwift),
        .testTarget(name: "NoteStoreTests", dependencies: ["NoteStore", "RowTestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "WorkloadTests", dependencies: ["Workload"], swiftSettings: strictSwift),
        .testTarget(name: "QueuePerformStoreTests", dependencies: ["QueuePerformStore"], swiftSettings: strictSwift),
        .testTarget(name: "PlainActorStoreTests", dependencies: ["PlainActorStore", "RowTestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "CustomExecutorStoreTests", dependencies: ["CustomExecutorStore", "RowTestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "GlobalActorStoreTests", dependencies: ["GlobalActorStore", "RowTestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "ActorPerObjectStoreTests", dependencies: ["ActorPerObjectStore", "RowTestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "TaskExecutorStoreTests", dependencies: ["TaskExecutorStore", "RowTestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "ActorConfinedStoreTests", dependencies: ["ActorConfinedStore", "RowTestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "ThreadExecutorStoreTests", dependencies: ["ThreadExecutorStore", "RowTestSupport"], swiftSettings: strictSwift),
        .testTarget(
            name: "HelperLayerStoreTests", dependencies: ["NonsendingStore", "ConcurrentStore", "RowTestSupport"],
            swiftSettings: strictSwift
        ),
        // GRDB and its SQLite module directly: the grdb row's counts are read from GRDB's own
        // statements (re-prepares, traced SQL), not through the row.
        .testTarget(
            name: "BaselinesTests",
            dependencies: [
                "Baselines", "RowTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(name: "HarnessTests", dependencies: ["Harness"], swiftSettings: strictSwift),
        // The catalogs too: counts in the prose ("seventeen lessons") are checked against them.
        .testTarget(name: "DocumentationTests", dependencies: ["Demos", "Rows", "Workshop"], swiftSettings: strictSwift),
        .testTarget(name: "LabCommandsTests", dependencies: ["LabCommands", "Rows", "Demos", "Baselines", "NoteStore", "RowTestSupport", "Workshop"], swiftSettings: strictSwift),
        .testTarget(name: "DemosTests", dependencies: ["Demos", "NoteStore", "Harness"], swiftSettings: strictSwift),
        .testTarget(
            name: "WorkshopTests", dependencies: ["Workshop", "WorkshopWrongFixes", "Workload", "Harness", "Demos", "LabCommands", "RowTestSupport"],
            swiftSettings: strictSwift
        ),
    ],
    swiftLanguageModes: [.v6]
)
