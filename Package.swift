// swift-tools-version: 6.2
// FarkleKit depends on the Swift toolchain alone (standard library, Foundation,
// Dispatch), so an app that embeds it pulls in nothing else. FarkleReports
// (Markdown, CSV and SVG reports) sits on top of it for the command-line tool.

import PackageDescription

let package = Package(
    name: "farkle-sim",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "FarkleKit", targets: ["FarkleKit"]),
        .library(name: "FarkleReports", targets: ["FarkleReports"]),
        .executable(name: "farkle-sim", targets: ["farkle-sim"]),
    ],
    targets: [
        .target(
            name: "FarkleKit",
            // The built-in dice catalog's data file, compiled in by the package manager (`PackageResources`),
            // so the library needs no resource bundle on any platform.
            resources: [.embedInCode("Rules/kcd-dice.json")]
        ),
        .target(
            name: "FarkleReports",
            dependencies: ["FarkleKit"],
            // The page's questions to FarkleKit and the C calls its WebAssembly build makes: compiled by
            // .ci/embedded into Advisor/farkle.wasm, never into this target.
            exclude: ["Advisor/Module"],
            // The advisor page's markup, style, scripts, FarkleKit's WebAssembly build and the app files, compiled in
            // by the package manager (`PackageResources`, read by AdvisorTemplate), so no resource bundle on any
            // platform.
            resources: [
                "Advisor/advisor.html", "Advisor/advisor.css", "Advisor/farkle.js", "Advisor/farkle.wasm",
                "Advisor/game.js", "Advisor/advisor.js", "Advisor/table.js", "Advisor/sw.js",
                "Advisor/manifest.webmanifest", "Advisor/icon.svg",
            ].map { .embedInCode($0) }
        ),
        .executableTarget(
            name: "farkle-sim",
            dependencies: ["FarkleKit", "FarkleReports"]
        ),
        .testTarget(
            name: "FarkleKitTests",
            dependencies: ["FarkleKit"],
            // The independent references these tests check the solvers against (brute forces, plain recursions,
            // value iterations) run in the tests' own code: optimized, they take seconds where they took minutes
            // (three brute-force races to 150 and 300: 73 s -> 1.5 s), and `swift test` stays well inside CI's
            // time. FarkleKit itself is built as `swift test` builds it (debug, testable, measured for coverage).
            // A flag of a test target, which no product contains: a package that depends on this one never sees it.
            swiftSettings: [.unsafeFlags(["-O"])]
        ),
        .testTarget(
            name: "FarkleReportsTests",
            dependencies: ["FarkleReports"]
        ),
        .testTarget(
            name: "FarkleSimCLITests",
            // FarkleReports too: the browser test builds the advisor page as `report` does.
            dependencies: ["farkle-sim", "FarkleReports"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
