// swift-tools-version: 6.2
// FarkleKit depends on the Swift toolchain alone (standard library, Foundation,
// Dispatch), so an app that embeds it pulls in nothing else.

import PackageDescription

let package = Package(
    name: "farkle-sim",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "FarkleKit", targets: ["FarkleKit"]),
        .executable(name: "farkle-sim", targets: ["farkle-sim"]),
    ],
    targets: [
        .target(name: "FarkleKit"),
        .executableTarget(
            name: "farkle-sim",
            dependencies: ["FarkleKit"]
        ),
        .testTarget(
            name: "FarkleKitTests",
            dependencies: ["FarkleKit"]
        ),
        .testTarget(
            name: "FarkleSimCLITests",
            dependencies: ["farkle-sim"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
