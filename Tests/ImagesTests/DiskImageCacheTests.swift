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

    @discardableResult
    private func store(_ cache: DiskImageCache, _ key: String, _ bytes: Data, mime: String = "image/png", expires: Date = .distantFuture) throws -> CachedImage {
        try cache.store(
            bytes, info: ImageInfo(mimeType: mime, width: 2, height: 1, byteCount: bytes.count), freshness: ImageFreshness(expires: expires, etag: "\"e\""),
            version: CacheFileName.newVersion(), forKey: key, url: key)
    }

    func testAnUnusableDirectorySaysWhyAndEveryStoreThrows() throws {
        let cache = DiskImageCache(directory: try unusableDirectory(), indexesInBackground: false)
        XCTAssertNotNil(cache.unusableReason)
        XCTAssertThrowsError(try store(cache, "https://a/1.png", Data(count: 100))) { error in
            XCTAssertEqual((error as? DiskCacheError)?.code, ENOTDIR, "\(error)")
            XCTAssertTrue("\(error)".contains("Not a directory"), "\(error)")
        }
        XCTAssertFalse(cache.contains("https://a/1.png"))
        XCTAssertEqual(filesUnderRoot(), ["not-a-directory"], "nothing was left behind")
    }

    func testADirectoryRemovedWhileRunningIsMadeAgain() throws {
        let cache = cache(clock: TestClock())
        try FileManager.default.removeItem(at: directory)
        let image = try store(cache, "https://a/1.png", Data(count: 10))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: image.image.path!)), Data(count: 10))
    }

    func testAnEntryIsARecordAndAnImageFileWithTheExtensionOfItsType() throws {
        let cache = cache(clock: TestClock())
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0) })
        let image = try store(cache, "https://a/big.jpg", bytes, mime: "image/jpeg")
        let hash = SHA256.hexDigest("https://a/big.jpg")
        let name = URL(fileURLWithPath: image.image.path!).lastPathComponent
        XCTAssertTrue(name.hasPrefix(hash + "-") && name.hasSuffix(".jpg"), name)
        XCTAssertEqual(try files(), [hash + "-" + image.version + ".jpg", hash + ".meta"], "no partial file is left")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: image.image.path!)), bytes)
        let record = try String(contentsOf: directory.appendingPathComponent(hash + ".meta"), encoding: .utf8)
        XCTAssertFalse(record.contains("https://"), "a record never holds the URL (it may carry secrets)")
    }

    func testAnotherCacheOverTheDirectoryReadsTheEntryBack() throws {
        let clock = TestClock()
        let written = try store(cache(clock: clock), "https://a/1.png", Data([1, 2, 3]), expires: clock.now + 60)
        let reader = cache(clock: clock)
        XCTAssertTrue(reader.contains("https://a/1.png"), "known from the listing")
        let read = try XCTUnwrap(reader.image(forKey: "https://a/1.png", url: "https://a/1.png"))
        XCTAssertEqual(read, written)
        XCTAssertNil(reader.image(forKey: "https://a/2.png", url: "https://a/2.png"))
    }

    func testTheLeastRecentlyUsedGoBeyondTheLimitOnceNobodyUsedThemForTheRetention() throws {
        let clock = TestClock()
        let cache = cache(limit: 250, clock: clock)
        let first = try store(cache, "https://a/1.png", Data(count: 100))
        let second = try store(cache, "https://a/2.png", Data(count: 100))
        clock.advance(DiskImageCache.retention)
        XCTAssertNotNil(cache.image(forKey: "https://a/1.png", url: "https://a/1.png"))  // 1 is now more recent than 2
        try store(cache, "https://a/3.png", Data(count: 100))
        XCTAssertEqual(["https://a/1.png", "https://a/2.png", "https://a/3.png"].map(cache.contains), [true, false, true])
        XCTAssertFalse(FileManager.default.fileExists(atPath: second.image.path!))
        XCTAssertTrue(FileManager.default.fileExists(atPath: first.image.path!))
        XCTAssertEqual(cache.totalBytes, 200)
        XCTAssertEqual(cache.statistics, DiskImageCache.Statistics(entries: 2, bytes: 200, byteLimit: 250, isIndexed: true))
    }

    func testAFileUsedWithinTheRetentionStaysEvenOverTheLimit() throws {
        let clock = TestClock()
        let cache = cache(limit: 150, clock: clock)
        let first = try store(cache, "https://a/1.png", Data(count: 100))
        clock.advance(DiskImageCache.retention - 1)
        try store(cache, "https://a/2.png", Data(count: 100))
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
        let old = try store(cache, "https://a/1.png", Data([1, 1, 1]))
        let new = try store(cache, "https://a/1.png", Data([2, 2]))
        XCTAssertNotEqual(old.image.path, new.image.path, "a name is never written twice")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: old.image.path!)), Data([1, 1, 1]))
        XCTAssertEqual(cache.image(forKey: "https://a/1.png", url: "")?.image.data, Data([2, 2]))
        XCTAssertEqual(cache.totalBytes, 5, "the replaced file counts until it is gone")
        clock.advance(DiskImageCache.retention)
        try store(cache, "https://a/other.png", Data([3]))
        XCTAssertFalse(FileManager.default.fileExists(atPath: old.image.path!))
        XCTAssertEqual(cache.totalBytes, 3)
    }

    func testTwoCachesSharingADirectoryNeverAnswerAPathHoldingOtherBytes() throws {
        let clock = TestClock()
        let one = cache(clock: clock), two = cache(clock: clock)
        var answers: [CachedImage] = []
        for round in 0..<20 {
            answers.append(try store(one, "https://a/changing.png", Data(repeating: UInt8(round), count: 10 + round)))
            answers.append(try store(two, "https://a/changing.png", Data(repeating: UInt8(100 + round), count: 50 + round)))
            answers.append(try XCTUnwrap(one.image(forKey: "https://a/changing.png", url: "")))
        }
        for answer in answers {
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: answer.image.path!)), answer.image.data)
            XCTAssertEqual(answer.image.data.count, answer.image.info.byteCount)
        }
        XCTAssertEqual(two.image(forKey: "https://a/changing.png", url: "")?.image.data, Data(repeating: 119, count: 69), "the last record wins")
    }

    func testAPlantedLinkOrAForeignNameIsNeverServed() throws {
        let clock = TestClock()
        let cache = cache(clock: clock)
        let secret = root.appendingPathComponent("secret.png")
        try Data(ImageFixtures.png(width: 2, height: 1)).write(to: secret)
        let size = try Data(contentsOf: secret).count
        func plant(_ key: String, file: String) throws {
            let hash = SHA256.hexDigest(key)
            let record = CacheRecord(
                file: file, info: ImageInfo(mimeType: "image/png", width: 2, height: 1, byteCount: size),
                freshness: ImageFreshness(expires: .distantFuture), version: "0000000000000001", originVersion: nil)
            try Data(record.text.utf8).write(to: directory.appendingPathComponent(hash + ".meta"))
        }
        // A record naming a symbolic link to a file outside.
        let linked = SHA256.hexDigest("https://a/linked.png") + "-0000000000000001.png"
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent(linked).path, withDestinationPath: secret.path)
        try plant("https://a/linked.png", file: linked)
        // A record naming a hard link to it.
        let hard = SHA256.hexDigest("https://a/hard.png") + "-0000000000000001.png"
        try FileManager.default.linkItem(atPath: secret.path, toPath: directory.appendingPathComponent(hard).path)
        try plant("https://a/hard.png", file: hard)
        // A record naming a path outside, or another entry's file.
        try plant("https://a/outside.png", file: "../secret.png")
        let other = try store(cache, "https://a/real.png", Data(count: size))
        try plant("https://a/borrowed.png", file: URL(fileURLWithPath: other.image.path!).lastPathComponent)
        // A record that is itself a link to a real record.
        let realRecord = directory.appendingPathComponent(SHA256.hexDigest("https://a/real.png") + ".meta")
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent(SHA256.hexDigest("https://a/record-link.png") + ".meta").path,
            withDestinationPath: realRecord.path)

        for key in ["https://a/linked.png", "https://a/hard.png", "https://a/outside.png", "https://a/borrowed.png", "https://a/record-link.png"] {
            XCTAssertNil(cache.image(forKey: key, url: key), key)
        }
        XCTAssertNotNil(cache.image(forKey: "https://a/real.png", url: ""))
        let relisted = self.cache(clock: clock)
        XCTAssertFalse(relisted.contains("https://a/linked.png"), "a link is not listed as an entry")
        XCTAssertEqual(relisted.totalBytes, size, "only the real entry counts")
    }

    func testTheListingRunsOffTheRequestPathAndCleansLeftovers() throws {
        let clock = TestClock()
        let writer = cache(clock: clock)
        let kept = try store(writer, "https://a/1.png", Data(count: 300))
        clock.advance(10)
        try store(writer, "https://a/2.png", Data(count: 500))
        let legacy = directory.appendingPathComponent(String(repeating: "c", count: 64))
        let stale = directory.appendingPathComponent(String(repeating: "a", count: 64) + ".meta.partial-1")
        let fresh = directory.appendingPathComponent(String(repeating: "b", count: 64) + ".meta.partial-2")
        for file in [legacy, stale, fresh] { try Data("half".utf8).write(to: file) }
        try FileManager.default.setAttributes([.modificationDate: clock.now - 3600], ofItemAtPath: stale.path)
        try FileManager.default.setAttributes([.modificationDate: clock.now - 3600], ofItemAtPath: legacy.path)
        try FileManager.default.setAttributes([.modificationDate: clock.now], ofItemAtPath: fresh.path)

        let cache = self.cache(limit: 1000, clock: clock, indexed: false)
        XCTAssertFalse(cache.contains("https://a/1.png"), "not listed yet: nothing waits for the listing")
        XCTAssertEqual(cache.image(forKey: "https://a/1.png", url: "")?.image.path, kept.image.path, "a lookup reads the record directly")
        try store(cache, "https://a/3.png", Data(count: 400))
        XCTAssertTrue(FileManager.default.fileExists(atPath: stale.path), "nothing was listed yet")
        cache.buildIndex()
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: legacy.path), "a first-format file nobody used for an hour")
        XCTAssertTrue(FileManager.default.fileExists(atPath: fresh.path), "another process may still be writing it")
        XCTAssertTrue(cache.contains("https://a/2.png"))
        XCTAssertEqual(cache.statistics.entries, 3)
        XCTAssertEqual(cache.totalBytes, 1200, "over the limit, but everything was used within the retention")
        clock.advance(DiskImageCache.retention)
        cache.byteLimit = 1000
        XCTAssertFalse(cache.contains("https://a/2.png"), "2 was used before 1 (read) and 3 (written) by this process")
        XCTAssertEqual(cache.totalBytes, 700)
    }

    func testRemoveAllEmptiesTheDirectoryOfCacheFilesOnly() throws {
        let cache = cache(clock: TestClock())
        try store(cache, "https://a/1.png", Data(count: 10))
        try store(cache, "https://a/1.png", Data(count: 20))
        try Data("mine".utf8).write(to: directory.appendingPathComponent("notes.txt"))
        XCTAssertEqual(cache.removeAll(), 3)
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
