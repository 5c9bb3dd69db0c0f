import FeedModel
import Foundation
import Hashing
import ImageTestSupport
@testable import Images
import Locking
import Network
import Reactive
import XCTest

/// Item 7 of issue 13: a cache that cannot take a file fails the load with `cacheUnavailable`
/// (never an image without a file) and leaves no partial file behind.
final class DiskImageCacheTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("feedvm-cache-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    /// A directory that can never be made: its parent is a regular file (ENOTDIR, also for root).
    private func unusableDirectory() throws -> URL {
        let file = root.appendingPathComponent("not-a-directory")
        try Data("x".utf8).write(to: file)
        return file.appendingPathComponent("cache")
    }

    private func filesUnderRoot() -> [String] {
        (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).sorted()
    }

    func testAnUnusableDirectorySaysWhyAndEveryStoreThrows() throws {
        let cache = DiskImageCache(directory: try unusableDirectory())
        XCTAssertNotNil(cache.unusableReason)
        XCTAssertThrowsError(try cache.store(Data(count: 100), for: "https://a/1.png")) { error in
            XCTAssertEqual((error as? DiskCacheError)?.code, ENOTDIR, "\(error)")
            XCTAssertTrue("\(error)".contains("Not a directory"), "\(error)")
        }
        XCTAssertFalse(cache.contains("https://a/1.png"))
        XCTAssertEqual(filesUnderRoot(), ["not-a-directory"], "nothing was left behind")
    }

    func testADirectoryRemovedWhileRunningIsMadeAgain() throws {
        let directory = root.appendingPathComponent("cache")
        let cache = DiskImageCache(directory: directory)
        try FileManager.default.removeItem(at: directory)
        let file = try cache.store(Data(count: 10), for: "https://a/1.png")
        XCTAssertEqual(try Data(contentsOf: file), Data(count: 10))
    }

    func testAStoreWritesTheWholeFileAndNoPartialOne() throws {
        let directory = root.appendingPathComponent("cache")
        let cache = DiskImageCache(directory: directory)
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0) })
        let file = try cache.store(bytes, for: "https://a/big.png")
        XCTAssertEqual(try Data(contentsOf: file), bytes)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [file.lastPathComponent])
    }

    /// A directory with two cache files (1.png used before 2.png), a stale partial file and a fresh one.
    private func usedDirectory() throws -> (directory: URL, stale: URL, fresh: URL) {
        let directory = root.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (url, size, age) in [("https://a/1.png", 300, 120.0), ("https://a/2.png", 500, 60.0)] {
            let file = directory.appendingPathComponent(SHA256.hexDigest(url))
            try Data(count: size).write(to: file)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: file.path)
        }
        let stale = directory.appendingPathComponent(String(repeating: "a", count: 64) + ".partial-1")
        let fresh = directory.appendingPathComponent(String(repeating: "b", count: 64) + ".partial-2")
        try Data("half".utf8).write(to: stale)
        try Data("half".utf8).write(to: fresh)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: stale.path)
        return (directory, stale, fresh)
    }

    func testMakingACacheLeavesItsFilesAloneUntilItIsFirstUsed() throws {
        let (directory, stale, _) = try usedDirectory()
        let cache = DiskImageCache(directory: directory)
        XCTAssertTrue(FileManager.default.fileExists(atPath: stale.path), "start-up lists nothing, so it removes nothing")
        XCTAssertTrue(cache.contains("https://a/2.png"), "the first use lists the directory")
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale.path))
        XCTAssertEqual(cache.totalBytes, 800)
    }

    func testStalePartialFilesOfAKilledProcessAreRemovedWhenTheDirectoryIsListed() throws {
        let (directory, stale, fresh) = try usedDirectory()
        let cache = DiskImageCache(directory: directory, byteLimit: 1000)
        try cache.store(Data(count: 400), for: "https://a/3.png")  // the first use: the list, then the store
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: fresh.path), "another process may still be writing it")
        XCTAssertEqual(cache.totalBytes, 900, "the two listed files and the new one, less the oldest to fit 1,000 bytes")
        XCTAssertFalse(cache.contains("https://a/1.png"))
    }

    func testALoadWhoseFileCannotBeWrittenFailsWithCacheUnavailable() throws {
        let png = ImageFixtures.png(width: 4, height: 4)
        let loader = ImageLoader(
            diskCache: DiskImageCache(directory: try unusableDirectory()),
            transport: StubTransport { _ in .response(statusCode: 200, body: Data(png)) })
        let done = expectation(description: "load")
        let outcome = Locked<Result<FeedImage, FeedError>?>(nil)
        let request = loader.retrieveImage("https://example.test/a.png") { result in
            outcome.withLock { $0 = result }
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        request.dispose()
        guard case .failure(let error)? = outcome.current else { return XCTFail("expected a failure, got \(String(describing: outcome.current))") }
        XCTAssertEqual(error.reason, .cacheUnavailable)
        XCTAssertTrue(error.message.hasPrefix("The image could not be cached: could not create a file in "), error.message)
        XCTAssertFalse(loader.isCached("https://example.test/a.png"), "an image without a file is not kept")
    }
}
