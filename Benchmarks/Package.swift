// swift-tools-version: 6.1
//
// The lab's regression benchmarks, a package of their own (the swift-nio layout), so the
// root package never builds package-benchmark and `make test` stays fast.

import PackageDescription

let package = Package(
    name: "benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named, because a path dependency is otherwise known by its folder's name, which
        // depends on where the repository was cloned.
        .package(name: "concurrency-patterns-lab", path: ".."),
        // The malloc interposer only: the default `RuntimeInterposer` trait (ARC counts on
        // Linux with Swift 6.3) stays off, so its package is never fetched, and the suite
        // asks for no ARC metric. The interposer and the lab's jemalloc need the
        // LD_PRELOAD that Scripts/bench-check.sh sets (README.md).
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "Patterns",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Bench", package: "concurrency-patterns-lab"),  // RowCycle
                .product(name: "Rows", package: "concurrency-patterns-lab"),  // RowCatalog
                .product(name: "RowKit", package: "concurrency-patterns-lab"),
                .product(name: "Meters", package: "concurrency-patterns-lab"),  // HopMeter
                .product(name: "NoteStore", package: "concurrency-patterns-lab"),
                .product(name: "Workload", package: "concurrency-patterns-lab"),
            ],
            path: "Patterns",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
