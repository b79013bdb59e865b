// swift-tools-version: 6.3
// The benchmarks live in their own package so that FarkleKit itself depends on
// nothing but the Swift toolchain. Run them with `swift package benchmark`.

import Foundation
import PackageDescription

// A path dependency is named after its directory, which differs between a
// clone (`farkle-sim`) and a worktree; ask the file system instead of guessing.
let farkleSimIdentity = URL(fileURLWithPath: Context.packageDirectory)
    .deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "FarkleBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "FarkleBenchmarks",
            dependencies: [
                .product(name: "FarkleKit", package: farkleSimIdentity),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/FarkleBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
