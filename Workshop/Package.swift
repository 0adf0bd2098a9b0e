// swift-tools-version: 6.1
//
// The workshop's exercises, a package of their own (as Benchmarks/ is), so that a learner's
// edits never reach `make test`, `make bench` or the `lab` executable: `lab workshop check N`
// builds exercise N's target alone, so a broken exercise 3 cannot stop exercise 1 from
// building. Each target is one exercise's folder: the check's entry point (main.swift,
// tracked) and the learner's copy of the starter (made by `lab workshop start N`, ignored
// by git).

import PackageDescription

/// One folder per exercise, in order: `lab workshop` names them the same way.
let exercises = [
    "01-confinement",
]

let package = Package(
    name: "workshop",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named, because a path dependency is otherwise known by its folder's name, which
        // depends on where the repository was cloned.
        .package(name: "concurrency-patterns-lab", path: ".."),
    ],
    targets: exercises.map { folder in
        .executableTarget(
            name: "Exercise" + folder.prefix(2),
            dependencies: ["NoteStore", "Workload", "CustomExecutorStore", "GlobalActorStore", "Workshop"].map {
                .product(name: $0, package: "concurrency-patterns-lab")
            },
            path: "Exercises/" + folder,
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        )
    },
    swiftLanguageModes: [.v6]
)
