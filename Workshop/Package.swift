// swift-tools-version: 6.2
//
// The workshop's exercises, a package of their own (as Benchmarks/ is), so that a learner's
// edits never reach `make test`, `make bench` or the `lab` executable: `lab workshop check N`
// builds exercise N's target alone, so a broken exercise 3 cannot stop exercise 1 from
// building. Each target is one exercise's folder: the check's entry point (main.swift,
// tracked) and the learner's copy of the starter (made by `lab workshop start N`, ignored
// by git). Tools version 6.2 for `.defaultIsolation(MainActor.self)` (SE-0466), which
// exercise 18 is about.

import PackageDescription

// generated: exercises
/// One folder per exercise, in order: `lab workshop` names them the same way.
let exercises = [
    "01-confinement",
    "02-debug-switch",
    "03-plain-actor",
    "04-custom-executor",
    "05-global-actor",
    "06-isolated-init",
    "07-ids-not-objects",
    "08-task-inheritance",
    "09-lost-updates",
    "10-chatty-calls",
    "11-retain-cycle",
    "12-observation",
    "13-inherited-isolation",
    "14-blocking-executor",
    "15-background-sync",
    "16-model-actor-on-main",
    "17-temporary-ids",
    "18-isolated-conformance",
    "19-reads-that-do-not-wait",
]

/// The exercises whose module has the main actor as its default isolation (SE-0466): every
/// declaration in them that states no isolation is isolated to the main actor.
let mainActorDefault: Set<String> = ["18-isolated-conformance"]
// end: exercises

/// Set by `lab workshop check` for its build under ThreadSanitizer: the lab then comes
/// without its default trait, jemalloc, which would replace the allocator the sanitizer's
/// runtime must own (as `make race` builds it).
let sanitized = Context.environment["LAB_WORKSHOP_SANITIZER"] != nil

let package = Package(
    name: "workshop",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named, because a path dependency is otherwise known by its folder's name, which
        // depends on where the repository was cloned.
        .package(name: "concurrency-patterns-lab", path: "..", traits: sanitized ? [] : [.defaults]),
    ],
    targets: exercises.map { folder in
        .executableTarget(
            name: "Exercise" + folder.prefix(2),
            dependencies: [
                "NoteStore", "WorkshopKit", "CustomExecutorStore", "GlobalActorStore", "PreconcurrencyStore", "WorkshopChecks",
            ].map {
                .product(name: $0, package: "concurrency-patterns-lab")
            },
            path: "Exercises/" + folder,
            // The lab's own settings, so that a copy compiles here exactly when its starter
            // or solution compiles in the lab (Sources/Workshop/WorkshopStarters, WorkshopSolutions).
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
                + (mainActorDefault.contains(folder) ? [.defaultIsolation(MainActor.self)] : [])
        )
    } + [
        // The rules a learner's files must keep, read from their syntax tree before each
        // build: `lab workshop check` builds and runs it first.
        .executableTarget(
            name: "SourceRules",
            dependencies: [.product(name: "WorkshopSourceRules", package: "concurrency-patterns-lab")],
            path: "SourceRules"
        ),
    ],
    swiftLanguageModes: [.v6]
)
