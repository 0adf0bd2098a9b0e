// swift-tools-version: 6.2
//
// The concurrency-patterns lab: one Core Data-like store over SQLite, one workload,
// and the concurrency patterns that run it side by side.
//
// Tools version 6.2 for `.defaultIsolation(MainActor.self)` (SE-0466), which exercise 18's
// code is compiled with; nothing else here needs more than 6.1.

import PackageDescription

let strictSwift: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

/// The layers, bottom up: each is a folder of Sources/, and a target imports only targets of
/// its own layer or the layers before it.
///
/// - Base: child processes, backtraces, atomics, formatting (no lab types).
/// - Store: the Core Data-like store over SQLite.
/// - Workload: the repository protocol, the scenarios, the reference model; the row kit.
/// - Patterns: one folder per row of the results table.
/// - Measuring: the meters (Meters) and the engine that runs and reports rows (Bench).
/// - Lessons: one demo per lesson.
/// - Workshop: the graded exercises, their checks, starters, solutions and wrong fixes.
/// - Lab: the `lab` command line.
func path(_ layer: String, _ target: String) -> String { "Sources/\(layer)/\(target)" }

// MARK: - The patterns

/// What a pattern's target needs beyond the store, the workload and the row kit. A row with
/// nothing to add is its folder in Sources/Patterns/, its name in `patterns` below and its
/// line in the row catalog (Sources/Patterns/Rows/RowCatalog.swift); no line here.
let patternNeeds: [String: (dependencies: [Target.Dependency], settings: [SwiftSetting])] = [
    // The rows of executors reuse the custom executor's context executor.
    "TaskExecutorStore": (["CustomExecutorStore"], []),
    // The same actor file in both (ConcurrentStore links it): only the helpers' isolation
    // differs, set by the upcoming feature here and by `@concurrent` there.
    "NonsendingStore": (["CustomExecutorStore"], [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
    "ConcurrentStore": (["CustomExecutorStore"], []),
    // The reader pool's writer is a model actor; lesson 16's row is the custom-executor actor.
    "ReaderPoolStore": (["CustomExecutorStore"], []),
    "ModelActorOnMainStore": (["CustomExecutorStore"], []),
    // The rows of a screen's reads import on the custom executor's model actor.
    "ViewContextStore": (["CustomExecutorStore"], []),
    "ChildContextStore": (["CustomExecutorStore"], []),
    // The baselines run SQL without the store: SQLite's C API, and GRDB as a peer.
    "Baselines": (["CSQLite", .product(name: "GRDB", package: "GRDB.swift")], []),
]

/// The patterns' targets, one per folder of Sources/Patterns/ but Rows, listed here as
/// swift-nio's manifests list theirs: SwiftPM keeps a manifest's evaluation by its text, so a
/// folder found by scanning would not be a target until the manifest is read again.
let patterns = [
    "QueuePerformStore", "PlainActorStore", "CustomExecutorStore", "GlobalActorStore", "ActorPerObjectStore",
    "ModelActorOnMainStore", "TaskExecutorStore", "ActorConfinedStore", "ThreadExecutorStore", "NonsendingStore",
    "ConcurrentStore", "ReaderPoolStore", "ViewContextStore", "ChildContextStore", "Baselines",
]

// MARK: - The workshop

/// What an exercise's code may import: the store, the patterns' protocols and the
/// workshop's fixtures (WorkshopKit), as a real app has them; never the workload's plans or
/// the checks. The nested package in Workshop/ gives the learner's copies the same, and
/// `lab workshop check` refuses any other import. The starters' and solutions' targets also
/// link the checks (WorkshopChecks), for their tables of checks, which no exercise file imports.
let workshopCode: [Target.Dependency] = [
    "NoteStore", "WorkshopKit", "CustomExecutorStore", "GlobalActorStore", "PreconcurrencyStore", "WorkshopChecks",
]

let baseTargets: [Target] = [
        // MARK: Base
        // Starting child processes: what runs between fork and exec must be C.
        .target(name: "CChildProcess", path: path("Base", "CChildProcess")),
        .target(name: "Support", path: path("Base", "Support"), swiftSettings: strictSwift),
        .target(
            name: "ChildProcesses", dependencies: ["CChildProcess", "Support"], path: path("Base", "ChildProcesses"),
            swiftSettings: strictSwift
        ),

        // MARK: Store
        .systemLibrary(
            name: "CSQLite", path: path("Store", "CSQLite"),
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite3"])]
        ),
        .target(name: "NoteStore", dependencies: ["CSQLite", "Support"], path: path("Store", "NoteStore"), swiftSettings: strictSwift),
        // An unannotated Objective-C callback API (Core Data's perform in older SDKs), as an
        // API never audited for concurrency is seen: the one target in the Swift 5 language
        // mode, on purpose (lesson 13 and its exercise).
        .target(
            name: "PreconcurrencyStore", dependencies: ["NoteStore"], path: path("Store", "PreconcurrencyStore"),
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),

        // MARK: Workload
        .target(name: "Workload", dependencies: ["NoteStore"], path: path("Workload", "Workload"), swiftSettings: strictSwift),
        // What a row declares: its descriptor, identity, expected hops and cost-model role.
        .target(name: "RowKit", dependencies: ["NoteStore", "Workload"], path: path("Workload", "RowKit"), swiftSettings: strictSwift),
    ]

let patternTargets: [Target] = patterns.map { name -> Target in
        let needs = patternNeeds[name]
        let dependencies: [Target.Dependency] = ["NoteStore", "Workload", "RowKit"] + (needs?.dependencies ?? [])
        return .target(name: name, dependencies: dependencies, path: path("Patterns", name), swiftSettings: strictSwift + (needs?.settings ?? []))
    }

/// The catalog beside the rows it lists: the engine, the benchmarks and the tests take the
/// rows from it, and import no pattern.
let rowsDependencies: [Target.Dependency] = ["Support", "NoteStore", "Workload", "RowKit"] + patterns.map { Target.Dependency.target(name: $0) }
let rowsTarget: Target = .target(name: "Rows", dependencies: rowsDependencies, path: path("Patterns", "Rows"), swiftSettings: strictSwift)

let measuringTargets: [Target] = [
        // MARK: Measuring
        .systemLibrary(
            name: "CJemalloc", path: path("Measuring", "CJemalloc"),
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"]), .brew(["jemalloc"])]
        ),
        // Hooks linked into the lab's own executable: the swift_task_switch counter and
        // jemalloc's options. C, because the hook must use the Swift async calling convention.
        .target(name: "CRuntimeHooks", path: path("Measuring", "CRuntimeHooks")),
        .target(
            name: "Meters",
            dependencies: [
                "NoteStore", "Workload", "CRuntimeHooks",
                .target(name: "CJemalloc", condition: .when(platforms: [.linux], traits: ["Jemalloc"])),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            path: path("Measuring", "Meters"),
            swiftSettings: strictSwift
        ),
        // The engine: the row catalog, one cycle of a row, the runs, the counting pass, the
        // report and its renderers. `lab bench` and Benchmarks/ both drive it.
        .target(
            name: "Bench",
            dependencies: ["Support", "ChildProcesses", "NoteStore", "Workload", "RowKit", "Rows", "Meters"],
            path: path("Measuring", "Bench"),
            swiftSettings: strictSwift
        ),
    ]

let lessonTargets: [Target] = [
        // MARK: Lessons: one demo per lesson
        .target(
            name: "Demos",
            dependencies: [
                "Support", "ChildProcesses", "NoteStore", "Workload", "Meters",
                "PlainActorStore", "CustomExecutorStore", "GlobalActorStore", "ActorPerObjectStore",
                "PreconcurrencyStore",
            ],
            path: path("Lessons", "Demos"),
            swiftSettings: strictSwift
        ),
    ]

let workshopTargets: [Target] = [
        // MARK: Workshop: graded exercises (Workshop/ holds the learner's copies)
        // What an exercise's own code may use: the protocols it conforms to and its fixtures.
        .target(
            name: "WorkshopKit", dependencies: ["NoteStore", "Workload", "GlobalActorStore", "CustomExecutorStore"],
            path: path("Workshop", "WorkshopKit"), swiftSettings: strictSwift
        ),
        // The checks: the catalog of exercises, what each measures, and the child that runs it.
        .target(
            name: "WorkshopChecks",
            dependencies: [
                "Support", "ChildProcesses", "NoteStore", "Workload", "RowKit", "WorkshopKit", "Meters", "Demos",
                "PlainActorStore", "CustomExecutorStore", "GlobalActorStore",
            ],
            path: path("Workshop", "WorkshopChecks"),
            swiftSettings: strictSwift
        ),
        // Every starter that compiles, and every reference solution, so that the tests can
        // run each one's check; the starters that do not compile (exercises 6, 7 and 18) are
        // compiled by the tests alone.
        .target(
            name: "WorkshopStarters", dependencies: workshopCode, path: path("Workshop", "WorkshopStarters"),
            exclude: ["06-isolated-init", "07-ids-not-objects", "18-isolated-conformance"], swiftSettings: strictSwift,
            plugins: ["ReferenceChecks"]
        ),
        .target(
            name: "WorkshopSolutions", dependencies: workshopCode, path: path("Workshop", "WorkshopSolutions"), swiftSettings: strictSwift,
            plugins: ["ReferenceChecks"]
        ),
        // The wrong fixes a learner would try, one type each, that the checks must refuse.
        .target(
            name: "WorkshopWrongFixes", dependencies: workshopCode + ["WorkshopMainActorDefault"],
            path: path("Workshop", "WorkshopWrongFixes"), swiftSettings: strictSwift, plugins: ["ReferenceChecks"]
        ),
        // The solutions and wrong fixes of the exercises that the nested package compiles
        // with the main actor as their default isolation (exercise 18), compiled the same way,
        // and the tables of their checks.
        .target(
            name: "WorkshopMainActorDefault", dependencies: workshopCode, path: path("Workshop", "WorkshopMainActorDefault"),
            swiftSettings: strictSwift + [.defaultIsolation(MainActor.self)], plugins: ["ReferenceChecks"]
        ),
        // The tables of checks of the four targets above, written at build time from the
        // exercises' entry points and the targets' files (Plugins/ReferenceChecks).
        .executableTarget(name: "ReferenceChecksGenerator", path: path("Workshop", "ReferenceChecksGenerator"), swiftSettings: strictSwift),
        .plugin(name: "ReferenceChecks", capability: .buildTool(), dependencies: ["ReferenceChecksGenerator"]),
        // The rules an exercise's source must keep, read from its syntax tree. Linked by the
        // workshop's SourceRules executable and the tests alone, never by `lab`: swift-syntax
        // takes about 6 minutes to compile in release on 2 cores, and 1 in debug.
        .target(
            name: "WorkshopSourceRules",
            dependencies: [
                "WorkshopChecks",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ],
            path: path("Workshop", "WorkshopSourceRules"), swiftSettings: strictSwift
        ),
        // The learner's workbench behind `lab workshop`: copies, checks, progress, diffs.
        .target(
            name: "Workbench", dependencies: ["Support", "ChildProcesses", "NoteStore", "Workload", "WorkshopChecks"],
            path: path("Workshop", "Workbench"), swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "WorkshopReference",
            dependencies: ["WorkshopChecks", "WorkshopStarters", "WorkshopSolutions", "WorkshopWrongFixes", "WorkshopMainActorDefault"],
            path: path("Workshop", "WorkshopReference"),
            swiftSettings: strictSwift
        ),
    ]

let labTargets: [Target] = [
        // MARK: Lab: the command line (argument parsing and output)
        .target(
            name: "LabCommands",
            dependencies: [
                "Support", "ChildProcesses", "NoteStore", "Workload", "RowKit", "Rows", "Demos", "Bench", "Meters", "WorkshopChecks",
                "Workbench", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: path("Lab", "LabCommands"),
            swiftSettings: strictSwift
        ),
        // Checked before the Swift runtime starts: the open files `lab` needs.
        .target(name: "CLabStart", path: path("Lab", "CLabStart")),
        .executableTarget(name: "lab", dependencies: ["CLabStart", "LabCommands", "Support"], path: path("Lab", "lab"), swiftSettings: strictSwift),
    ]

let guideAndTestTargets: [Target] = [
        // MARK: The guide (DocC; the chapters are readable on GitHub too)
        // It depends on the store so that `make docs`, which builds the two together, checks
        // the chapters' links to the store's symbols (``NoteStore/NoteContext``).
        .target(
            name: "LabGuide", dependencies: ["NoteStore"], path: "Docs",
            exclude: [
                "README.md", "Reference.md", "Reliability.md", "Results.md", "Results.svg", "Results.json", "Sizes-list-read.svg",
                "TrainersGuide.md",
            ], sources: ["LabGuide.swift"]
        ),

        // MARK: Tests
        // What the tests share: the temporary folder, the reference-model check of a row, and
        // the one way a test starts `lab`.
        .target(
            name: "TestSupport", dependencies: ["ChildProcesses", "NoteStore", "Workload", "RowKit"], path: "Tests/TestSupport",
            swiftSettings: strictSwift
        ),
        // What the workshop's tests share: checkouts of the workshop in a temporary folder
        // (one with a stand-in `swift`), and a strict reader of unified diffs.
        .target(
            name: "WorkshopTestSupport", dependencies: ["ChildProcesses", "TestSupport", "WorkshopChecks", "Workbench", "LabCommands"],
            path: "Tests/WorkshopTestSupport", swiftSettings: strictSwift
        ),
        .testTarget(name: "NoteStoreTests", dependencies: ["NoteStore", "TestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "WorkloadTests", dependencies: ["Workload", "RowKit"], swiftSettings: strictSwift),
        // Every row through the catalog (the reference model, failures, teardown, a cancelled
        // import, 64 clients at once), and each pattern's own behaviour. GRDB and its SQLite
        // module directly: the grdb row's counts are read from GRDB's own statements
        // (re-prepares, traced SQL), not through the row.
        .testTarget(
            name: "PatternsTests",
            dependencies: [
                "Bench", "Rows", "TestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ] + patterns.map { .target(name: $0) },
            swiftSettings: strictSwift
        ),
        .testTarget(name: "MetersTests", dependencies: ["Meters"], swiftSettings: strictSwift),
        // The bottom layer's modules: child processes, the database lock, side files, the
        // commands the lab prints.
        .testTarget(name: "SupportTests", dependencies: ["Support", "ChildProcesses", "TestSupport"], swiftSettings: strictSwift),
        // The engine, called directly: the cost model, the counting pass's rules, the
        // report's renderers, the database paths.
        .testTarget(
            name: "BenchTests",
            dependencies: ["Bench", "Rows", "Baselines", "CustomExecutorStore", "QueuePerformStore", "ActorPerObjectStore", "ReaderPoolStore", "Meters", "Support", "ChildProcesses", "NoteStore", "Workload", "RowKit", "TestSupport"],
            swiftSettings: strictSwift
        ),
        // The catalogs too: counts in the prose ("seventeen lessons") are checked against them,
        // and what `make generated` writes from them (tables, lists, the workshop's manifest
        // list and entry points) must be current.
        .testTarget(
            name: "DocumentationTests", dependencies: ["Demos", "Bench", "Rows", "RowKit", "Workload", "WorkshopChecks", "TestSupport"], swiftSettings: strictSwift
        ),
        // The `lab` command as a user runs it (the built executable, as a child process), and
        // its argument parsing and workshop commands.
        .testTarget(
            name: "LabCommandsTests",
            dependencies: [
                "LabCommands", "Bench", "Rows", "Demos", "NoteStore", "Support", "ChildProcesses", "TestSupport", "WorkshopChecks", "Workbench",
                "WorkshopTestSupport",
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(name: "DemosTests", dependencies: ["Demos", "NoteStore", "Meters", "Support", "ChildProcesses", "TestSupport"], swiftSettings: strictSwift),
        // The learner's workbench behind `lab workshop`: copies, progress, the sandbox, the
        // containment of a check, the run under ThreadSanitizer.
        .testTarget(
            name: "WorkbenchTests",
            dependencies: [
                "Workbench", "WorkshopChecks", "WorkshopTestSupport", "LabCommands", "Bench", "Demos", "RowKit", "Support", "ChildProcesses",
                "TestSupport",
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "WorkshopTests",
            dependencies: [
                "WorkshopChecks", "WorkshopSourceRules", "WorkshopWrongFixes", "Workload", "Meters", "Demos", "LabCommands", "Workbench",
                "Support", "ChildProcesses", "TestSupport", "WorkshopTestSupport",
            ],
            swiftSettings: strictSwift
        ),
    ]

let package = Package(
    name: "concurrency-patterns-lab",
    platforms: [.macOS(.v15)],
    // What the nested packages use: Benchmarks/ (the engine and its meters) and Workshop/
    // (what an exercise imports, and its checks).
    products: [
        .executable(name: "lab", targets: ["lab"]),
        .library(name: "NoteStore", targets: ["NoteStore"]),
        .library(name: "Workload", targets: ["Workload"]),
        .library(name: "Meters", targets: ["Meters"]),
        .library(name: "RowKit", targets: ["RowKit"]),
        .library(name: "Rows", targets: ["Rows"]),
        .library(name: "Bench", targets: ["Bench"]),
        .library(name: "PreconcurrencyStore", targets: ["PreconcurrencyStore"]),
        .library(name: "WorkshopKit", targets: ["WorkshopKit"]),
        .library(name: "WorkshopChecks", targets: ["WorkshopChecks"]),
        .library(name: "WorkshopSourceRules", targets: ["WorkshopSourceRules"]),
    ]
        // Every pattern is a library: its repository is the API a reader learns, and what is
        // `public` in it is that API; what only the lab's own targets share is `package`.
        + patterns.map { .library(name: $0, targets: [$0]) },
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
        // The workshop's source rules read the learner's syntax tree with Swift's own parser:
        // the version of the 6.3 compiler's.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: baseTargets + patternTargets + [rowsTarget] + measuringTargets + lessonTargets + workshopTargets + labTargets
        + guideAndTestTargets,
    swiftLanguageModes: [.v6]
)
