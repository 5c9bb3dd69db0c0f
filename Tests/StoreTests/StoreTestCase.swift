import Foundation
import JSON
import Locking
import FeedModel
import Store
import XCTest

/// A test with a fresh folder for its store and key file, and a clock it sets.
class StoreTestCase: XCTestCase {
    var directory: URL!
    let clock = Locked<Int64>(1_700_000_000_000)
    let reports = Locked<[StoreReport]>([])

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("feedvm-store-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    var storePath: String { directory.appendingPathComponent("feeds.sqlite").path }
    var keyPath: String { directory.appendingPathComponent("state/store-key").path }

    /// A database on the test's files; each call opens another connection, as another process would.
    func openDatabase(maxBytes: Int64? = nil) -> FeedDatabase {
        let clock = clock
        let reports = reports
        return FeedDatabase(
            configuration: .init(path: storePath, keyPath: keyPath, maxBytes: maxBytes, now: { clock.current }),
            report: { report in reports.withLock { $0.append(report) } })
    }

    /// Moves the clock on by `milliseconds`.
    func advance(_ milliseconds: Int64 = 1000) { clock.withLock { $0 += milliseconds } }

    /// Items `first..<first + count` of a list, with ids `item-n`.
    func items(_ range: Range<Int>, title: String = "Item") -> [FeedItem] {
        range.map { FeedItem(id: "item-\($0)", title: "\(title) \($0)", imageURL: "https://img.test/\($0).jpg", width: 640, height: 480) }
    }

    /// The bytes of the store file and its WAL, as a search by value sees them.
    func storeFileBytes() -> Data {
        var bytes = Data()
        for suffix in ["", "-wal", "-shm"] {
            if let data = FileManager.default.contents(atPath: storePath + suffix) { bytes += data }
        }
        return bytes
    }
}

/// The object `json` is (a literal in the tests).
func object(_ json: JSON) -> JSONObject { json.objectValue ?? JSONObject() }
