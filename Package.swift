// swift-tools-version:6.0
import PackageDescription

/// FeedVM: a headless MVVM engine for paged image feeds, driven over JSON-RPC on stdio.
/// Layers (see DESIGN.md) import only the layers below them:
/// feedvm -> FeedService -> RPC, Feed -> Network -> Reactive, JSON.
let package = Package(
    name: "FeedVM",
    products: [
        .executable(name: "feedvm", targets: ["feedvm"]),
        .library(name: "FeedVMKit", targets: ["FeedService", "Feed", "Network", "Reactive", "JSON", "RPC"]),
    ],
    targets: [
        .target(name: "JSON"),
        .target(name: "Reactive"),
        .target(name: "Network", dependencies: ["Reactive", "JSON"]),
        .target(name: "Feed", dependencies: ["Network", "Reactive", "JSON"]),
        .target(name: "RPC", dependencies: ["JSON"]),
        .target(name: "FeedService", dependencies: ["RPC", "Feed", "Network", "Reactive", "JSON"]),
        .executableTarget(name: "feedvm", dependencies: ["FeedService", "RPC", "JSON"]),
        .executableTarget(name: "feedvm-bench", dependencies: ["JSON", "RPC"], path: "Benchmarks/Sources/feedvm-bench"),

        // Spawns the binary or runs a server in-process, for the tests that talk JSON-RPC.
        .target(name: "FeedVMTestSupport", dependencies: ["JSON", "RPC"], path: "Tests/Support"),

        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "ReactiveTests", dependencies: ["Reactive"]),
        .testTarget(name: "NetworkTests", dependencies: ["Network", "Reactive", "JSON"]),
        .testTarget(name: "FeedTests", dependencies: ["Feed", "Network", "Reactive", "JSON"]),
        .testTarget(name: "RPCTests", dependencies: ["RPC", "JSON", "FeedVMTestSupport"]),
        .testTarget(name: "FeedServiceTests", dependencies: ["FeedService", "Feed", "RPC", "JSON", "FeedVMTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
