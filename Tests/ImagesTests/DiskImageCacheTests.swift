import FeedModel
import Foundation
import Hashing
import ImageCodecs
import ImageTestSupport
@testable import Images
import Locking
import Network
import Reactive
import XCTest

final class DiskImageCacheTests: XCTestCase {
    private var root: URL!
    private var directory: URL { root.appendingPathComponent("cache") }

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

    private func files() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() }

    private func cache(limit: Int = DiskImageCache.defaultByteLimit, clock: TestClock, indexed: Bool = true) -> DiskImageCache {
        let cache = DiskImageCache(directory: directory, byteLimit: limit, clock: clock.clock, indexesInBackground: false)
        if indexed { cache.buildIndex() }
        return cache
    }

    /// A real PNG of 2x1 pixels padded to `count` bytes (readers sniff the header only).
    private func png(_ count: Int, fill: UInt8 = 0) -> Data {
        let header = Data(ImageFixtures.png(width: 2, height: 1))
        return header + Data(repeating: fill, count: max(0, count - header.count))
    }

    @discardableResult
    private func store(_ cache: DiskImageCache, _ key: String, _ bytes: Data, mime: String = "image/png", expires: Date = .distantFuture) throws -> CachedImage {
        try cache.store(
            bytes, info: ImageInfo(mimeType: mime, width: 2, height: 1, byteCount: bytes.count), freshness: ImageFreshness(expires: expires, etag: "\"e\""),
            version: CacheFileName.newVersion(at: cache.clock.now()), forKey: key, url: key)
    }

    private func read(_ cache: DiskImageCache, _ key: String) -> CachedImage? { cache.image(forKey: key, url: key, maxAge: 60) }

    func testAnUnusableDirectorySaysWhyAndEveryStoreThrows() throws {
        let cache = DiskImageCache(directory: try unusableDirectory(), indexesInBackground: false)
        XCTAssertNotNil(cache.unusableReason)
        XCTAssertThrowsError(try store(cache, "https://a/1.png", png(100))) { error in
            XCTAssertEqual((error as? DiskCacheError)?.code, ENOTDIR, "\(error)")
            XCTAssertTrue("\(error)".contains("Not a directory"), "\(error)")
        }
        XCTAssertFalse(cache.contains("https://a/1.png"))
        XCTAssertEqual(filesUnderRoot(), ["not-a-directory"], "nothing was left behind")
    }

    func testADirectoryRemovedWhileRunningIsMadeAgain() throws {
        let cache = cache(clock: TestClock())
        try FileManager.default.removeItem(at: directory)
        let image = try store(cache, "https://a/1.png", png(100))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: image.image.path!)), png(100))
    }

    func testAnEntryIsOneFileWithTheExtensionOfItsTypeAndItsHTTPMetadataInAnAttribute() throws {
        let cache = cache(clock: TestClock())
        let bytes = Data(ImageFixtures.jpeg(width: 3, height: 2, progressive: false)) + Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0) })
        let image = try store(cache, "https://a/big.jpg", bytes, mime: "image/jpeg")
        let hash = SHA256.hexDigest("https://a/big.jpg")
        XCTAssertEqual(try files(), [hash + "-" + image.version + ".jpg"], "one file, no partial one")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: image.image.path!)), bytes)
        let descriptor = open(image.image.path!, O_RDONLY)
        defer { close(descriptor) }
        let attribute = String(decoding: try XCTUnwrap(ExtendedAttributes.value(of: descriptor)), as: UTF8.self)
        XCTAssertTrue(attribute.contains("etag \"e\""), attribute)
        XCTAssertFalse(attribute.contains("https://"), "the metadata never holds the URL (it may carry secrets)")
    }

    func testVersionsOfLaterWritesSortAfterEarlierOnesAndNeverRepeat() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let versions = (0..<1000).map { CacheFileName.newVersion(at: now.addingTimeInterval(Double($0 / 10) / 1000)) }
        XCTAssertEqual(Set(versions).count, 1000)
        for (earlier, later) in zip(versions.dropLast(10), versions.dropFirst(10)) { XCTAssertLessThan(earlier, later) }
        XCTAssertEqual(CacheFileName.writeDate(of: versions[0]), now)
    }

    func testAnotherCacheOverTheDirectoryReadsTheEntryBack() throws {
        let clock = TestClock()
        let written = try store(cache(clock: clock), "https://a/1.png", png(100), expires: clock.now + 60)
        let reader = cache(clock: clock)
        XCTAssertTrue(reader.contains("https://a/1.png"), "known from the listing")
        let copy = try XCTUnwrap(read(reader, "https://a/1.png"))
        XCTAssertEqual(copy.freshness, written.freshness)
        XCTAssertEqual([copy.image.path, copy.version], [written.image.path, written.version])
        XCTAssertEqual(copy.image.data, written.image.data)
        XCTAssertEqual(copy.image.info, ImageInfo(mimeType: "image/png", width: 2, height: 1, byteCount: 100), "read from the bytes")
        XCTAssertNil(read(reader, "https://a/2.png"))
    }

    func testTheLeastRecentlyUsedGoBeyondTheLimitOnceNobodyUsedThemForTheRetention() throws {
        let clock = TestClock()
        let cache = cache(limit: 250, clock: clock)
        let first = try store(cache, "https://a/1.png", png(100))
        let second = try store(cache, "https://a/2.png", png(100))
        clock.advance(DiskImageCache.retention)
        XCTAssertNotNil(read(cache, "https://a/1.png"))  // 1 is now more recent than 2
        try store(cache, "https://a/3.png", png(100))
        XCTAssertEqual(["https://a/1.png", "https://a/2.png", "https://a/3.png"].map(cache.contains), [true, false, true])
        XCTAssertFalse(FileManager.default.fileExists(atPath: second.image.path!))
        XCTAssertTrue(FileManager.default.fileExists(atPath: first.image.path!))
        XCTAssertEqual(cache.totalBytes, 200)
        XCTAssertEqual(cache.statistics, DiskImageCache.Statistics(entries: 2, bytes: 200, byteLimit: 250, isIndexed: true))
    }

    func testAFileUsedWithinTheRetentionStaysEvenOverTheLimit() throws {
        let clock = TestClock()
        let cache = cache(limit: 150, clock: clock)
        let first = try store(cache, "https://a/1.png", png(100))
        clock.advance(DiskImageCache.retention - 1)
        try store(cache, "https://a/2.png", png(100))
        XCTAssertTrue(FileManager.default.fileExists(atPath: first.image.path!), "an answer may still be reading it")
        XCTAssertEqual(cache.totalBytes, 200)
        clock.advance(1)
        cache.byteLimit = 150
        XCTAssertFalse(FileManager.default.fileExists(atPath: first.image.path!))
        XCTAssertEqual(cache.totalBytes, 100)
    }

    func testAReplacedFileKeepsItsBytesForTheRetentionThenGoes() throws {
        let clock = TestClock()
        let cache = cache(clock: clock)
        let old = try store(cache, "https://a/1.png", png(300, fill: 1))
        let new = try store(cache, "https://a/1.png", png(200, fill: 2))
        XCTAssertNotEqual(old.image.path, new.image.path, "a name is never written twice")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: old.image.path!)), png(300, fill: 1))
        XCTAssertEqual(read(cache, "https://a/1.png")?.image.data, png(200, fill: 2))
        XCTAssertEqual(cache.totalBytes, 500, "the replaced file counts until it is gone")
        clock.advance(DiskImageCache.retention)
        try store(cache, "https://a/other.png", png(100))
        XCTAssertFalse(FileManager.default.fileExists(atPath: old.image.path!))
        XCTAssertEqual(cache.totalBytes, 300)
    }

    func testTwoCachesSharingADirectoryNeverAnswerAPathHoldingOtherBytes() throws {
        let clock = TestClock()
        let one = cache(clock: clock), two = cache(clock: clock)
        var answers: [CachedImage] = []
        for round in 0..<20 {
            answers.append(try store(one, "https://a/changing.png", png(100 + round, fill: UInt8(round))))
            answers.append(try store(two, "https://a/changing.png", png(200 + round, fill: UInt8(100 + round))))
            answers.append(try XCTUnwrap(read(one, "https://a/changing.png")))
        }
        for answer in answers {
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: answer.image.path!)), answer.image.data)
            XCTAssertEqual(answer.image.data.count, answer.image.info.byteCount)
        }
        XCTAssertEqual(read(two, "https://a/changing.png")?.image.data, png(219, fill: 119), "each serves its latest")
        XCTAssertEqual(read(self.cache(clock: clock), "https://a/changing.png")?.image.data, png(219, fill: 119), "a new listing: the latest version")
    }

    func testAPlantedLinkIsNeverServed() throws {
        let clock = TestClock()
        let secret = root.appendingPathComponent("secret.png")
        try png(100).write(to: secret)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let version = CacheFileName.newVersion(at: clock.now)
        func name(_ key: String) -> String { SHA256.hexDigest(key) + "-" + version + ".png" }
        // A symbolic link and a hard link to a file outside, named as entries.
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent(name("https://a/linked.png")).path, withDestinationPath: secret.path)
        try FileManager.default.linkItem(atPath: secret.path, toPath: directory.appendingPathComponent(name("https://a/hard.png")).path)
        let cache = cache(clock: clock)
        for key in ["https://a/linked.png", "https://a/hard.png"] {
            XCTAssertFalse(cache.contains(key), "not listed: \(key)")
            XCTAssertNil(read(cache, key), key)
        }
        XCTAssertEqual(cache.totalBytes, 0)
        // An entry's file replaced by a link after the listing.
        let real = try store(cache, "https://a/real.png", png(100))
        try FileManager.default.removeItem(atPath: real.image.path!)
        try FileManager.default.createSymbolicLink(atPath: real.image.path!, withDestinationPath: secret.path)
        XCTAssertNil(read(cache, "https://a/real.png"), "O_NOFOLLOW: never read through a link")
        XCTAssertFalse(cache.contains("https://a/real.png"))
    }

    func testTheListingRunsOffTheRequestPathAndCleansLeftovers() throws {
        let clock = TestClock()
        let writer = cache(clock: clock)
        let replaced = try store(writer, "https://a/1.png", png(50))
        let kept = try store(writer, "https://a/1.png", png(300))
        clock.advance(10)
        try store(writer, "https://a/2.png", png(500))
        let legacy = directory.appendingPathComponent(String(repeating: "c", count: 64))
        let stale = directory.appendingPathComponent(String(repeating: "a", count: 64) + ".partial-1")
        let fresh = directory.appendingPathComponent(String(repeating: "b", count: 64) + ".partial-2")
        for file in [legacy, stale, fresh] { try Data("half".utf8).write(to: file) }
        try FileManager.default.setAttributes([.modificationDate: clock.now - 3600], ofItemAtPath: stale.path)
        try FileManager.default.setAttributes([.modificationDate: clock.now - 3600], ofItemAtPath: legacy.path)
        try FileManager.default.setAttributes([.modificationDate: clock.now], ofItemAtPath: fresh.path)
        try FileManager.default.setAttributes([.modificationDate: clock.now - 3600], ofItemAtPath: replaced.image.path!)
        clock.advance(DiskImageCache.retention - 20)  // 1 and 2 were used 80 and 70 s ago

        let cache = self.cache(limit: 2000, clock: clock, indexed: false)
        XCTAssertFalse(cache.contains("https://a/1.png"), "not listed yet: nothing waits for the listing")
        XCTAssertNil(read(cache, "https://a/1.png"), "not cached until listed")
        try store(cache, "https://a/3.png", png(400))
        XCTAssertTrue(FileManager.default.fileExists(atPath: stale.path), "nothing was listed yet")
        cache.buildIndex()
        XCTAssertEqual(read(cache, "https://a/1.png")?.image.path, kept.image.path, "the latest version")
        XCTAssertFalse(FileManager.default.fileExists(atPath: replaced.image.path!), "an earlier version nobody used for the retention")
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: legacy.path), "a first-format file nobody used for an hour")
        XCTAssertTrue(FileManager.default.fileExists(atPath: fresh.path), "another process may still be writing it")
        XCTAssertTrue(cache.contains("https://a/2.png"))
        XCTAssertEqual(cache.statistics.entries, 3)
        XCTAssertEqual(cache.totalBytes, 1200)
        cache.byteLimit = 1000
        XCTAssertTrue(cache.contains("https://a/2.png"), "over the limit, but used 70 s ago")
        clock.advance(20)
        cache.byteLimit = 1000
        XCTAssertFalse(cache.contains("https://a/2.png"), "2 was used before 1 (read) and 3 (written) by this process")
        XCTAssertEqual(cache.totalBytes, 700)
    }

    func testRemoveAllEmptiesTheDirectoryOfCacheFilesOnly() throws {
        let cache = cache(clock: TestClock())
        try store(cache, "https://a/1.png", png(100))
        try store(cache, "https://a/1.png", png(200))
        try Data("mine".utf8).write(to: directory.appendingPathComponent("notes.txt"))
        XCTAssertEqual(cache.removeAll(), 2)
        XCTAssertEqual(try files(), ["notes.txt"])
        XCTAssertEqual(cache.statistics.entries, 0)
        XCTAssertEqual(cache.totalBytes, 0)
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
