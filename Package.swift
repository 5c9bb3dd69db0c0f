// swift-tools-version:6.0
import PackageDescription

/// FeedVM: a headless MVVM engine for paged image feeds, driven over JSON-RPC on stdio.
/// Layers (see DESIGN.md) import only the layers below them:
/// feedvm -> FeedService -> RPC, Feed -> FeedSources, Images -> FeedModel, ImageCodecs (-> CImageCodecs), Hashing
/// -> Network -> CCurl, Reactive, JSON, Logging -> Locking.
let package = Package(
    name: "FeedVM",
    products: [
        .executable(name: "feedvm", targets: ["feedvm"]),
    ],
    targets: [
        // The concurrency primitive every layer shares: a value behind a pthread mutex.
        .target(name: "Locking"),
        .target(name: "JSON"),
        .target(name: "Logging", dependencies: ["Locking"]),
        .target(name: "Reactive", dependencies: ["Locking"]),
        // RxTest's part: the virtual-time TestScheduler, test observables and observers, for the
        // tests of every layer; no product links it.
        .target(name: "ReactiveTesting", dependencies: ["Reactive", "Locking"]),
        // libcurl's API, loaded with dlopen on the first HTTP request (no link-time dependency).
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),
        // libjpeg-turbo's, libpng's, libwebp's and zlib's API subsets, loaded with dlopen at first use.
        .target(name: "CImageCodecs", exclude: ["libjpeg/README.ijg", "libjpeg/LICENSE.md"], linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "Network", dependencies: ["CCurl", "Reactive", "JSON", "Logging", "Locking"]),
        // SHA-256 and HMAC-SHA256, for names derived from URLs or keys that must not reveal them.
        .target(name: "Hashing"),
        // Image bytes and pixels: format sniffing; decoding (JPEG with DCT scaling, PNG, WebP,
        // EXIF orientation), resampling, and JPEG and PNG encoding through CImageCodecs.
        .target(name: "ImageCodecs", dependencies: ["CImageCodecs", "Locking"]),
        // What sources, images and the view model share: items, sections, errors, the source
        // protocol and the paged list.
        .target(name: "FeedModel", dependencies: ["Network", "Reactive", "JSON"]),
        // Image loading: the loader, its memory and disk caches, scheme routing.
        .target(name: "Images", dependencies: ["FeedModel", "ImageCodecs", "Hashing", "Network", "Reactive", "Locking"]),
        // Where pages come from: the declarative source config, presets, the stub catalog.
        .target(name: "FeedSources", dependencies: ["FeedModel", "ImageCodecs", "Network", "JSON", "Reactive", "Locking"]),
        .target(name: "Feed", dependencies: ["FeedModel", "Images", "FeedSources", "Network", "Reactive", "JSON", "Locking"]),
        // SQLite's API, loaded with dlopen when the first store is opened (no link-time dependency).
        .target(name: "CSQLite", linkerSettings: [.linkedLibrary("dl")]),
        // Persisting feeds: lists, continuations, local edits, keyed by feed; nothing of the wire.
        .target(name: "Store", dependencies: ["CSQLite", "FeedModel", "Hashing", "JSON", "Logging", "Locking"]),
        .target(name: "RPC", dependencies: ["JSON", "Logging", "Locking"]),
        // The OpenRPC document is compiled in (`rpc.discover`), so no file need sit beside the
        // binary; Resources/feedvm.openrpc.json is a symbolic link to protocol/'s, never a copy.
        .target(
            name: "FeedService", dependencies: ["RPC", "Feed", "FeedModel", "Images", "FeedSources", "Store", "Network", "Reactive", "JSON", "Logging", "Locking"],
            resources: [.embedInCode("Resources/feedvm.openrpc.json")]),
        // Release builds link the Swift runtime and Foundation in (`-static-stdlib`): the dynamic
        // loader's symbol lookups over their libraries were 83% of start-up (issue 17).
        .executableTarget(
            name: "feedvm", dependencies: ["FeedService", "RPC", "JSON", "Logging"],
            swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))],
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-use-ld=lld"], .when(configuration: .release))]),
        .executableTarget(name: "feedvm-bench", dependencies: ["JSON", "RPC", "ImageCodecs", "Images", "Locking"], path: "Benchmarks/Sources/feedvm-bench"),

        // Spawns the binary or runs a server in-process, for the tests that talk JSON-RPC.
        .target(name: "FeedVMTestSupport", dependencies: ["JSON", "RPC", "Logging"], path: "Tests/Support"),

        .testTarget(name: "JSONTests", dependencies: ["JSON", "FeedVMTestSupport"]),
        .testTarget(name: "LoggingTests", dependencies: ["Logging"]),
        .testTarget(name: "ReactiveTests", dependencies: ["Reactive", "ReactiveTesting", "Locking"]),
        // RxSwift's own marble tests, ported, for the parts of RxSwift that Reactive keeps.
        .testTarget(name: "RxConformanceTests", dependencies: ["Reactive", "ReactiveTesting", "Locking"], exclude: ["README.md"]),
        .testTarget(name: "NetworkTests", dependencies: ["Network", "Reactive", "ReactiveTesting", "JSON", "Logging", "Locking"]),
        // Moya's own specs ported to our API (Tests/MoyaConformanceTests/README.md).
        .testTarget(name: "MoyaConformanceTests", dependencies: ["Network", "Reactive", "ReactiveTesting", "JSON", "Logging", "Locking"], exclude: ["README.md"]),
        // Image bytes in each format, for the tests of the image layers.
        .target(name: "ImageTestSupport", dependencies: ["ImageCodecs"], path: "Tests/ImageSupport"),
        .testTarget(name: "HashingTests", dependencies: ["Hashing"]),
        .testTarget(name: "ImageCodecsTests", dependencies: ["ImageCodecs", "ImageTestSupport", "FeedVMTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "FeedModelTests", dependencies: ["FeedModel", "JSON"]),
        .testTarget(name: "ImagesTests", dependencies: ["Images", "FeedModel", "ImageCodecs", "Hashing", "ImageTestSupport", "Network", "Reactive", "Locking"]),
        .testTarget(name: "FeedSourcesTests", dependencies: ["FeedSources", "FeedModel", "ImageCodecs", "Network", "Reactive", "ReactiveTesting", "JSON", "Locking", "FeedVMTestSupport"]),
        .testTarget(name: "FeedTests", dependencies: ["Feed", "FeedModel", "Images", "FeedSources", "Network", "Reactive", "ReactiveTesting", "JSON", "Locking", "FeedVMTestSupport"]),
        .testTarget(name: "StoreTests", dependencies: ["Store", "FeedModel", "Hashing", "JSON", "Locking"]),
        .testTarget(name: "RPCTests", dependencies: ["RPC", "JSON", "FeedVMTestSupport"]),
        .testTarget(name: "FeedServiceTests", dependencies: ["FeedService", "Feed", "FeedModel", "Images", "ImageCodecs", "RPC", "JSON", "Logging", "FeedVMTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// Release builds optimize across modules: generic code of a lower layer (the paged list, the
// reactive types, JSON) is specialized where the layers above use it, instead of looking up its
// type metadata and calling through value witnesses on every request.
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]
}
