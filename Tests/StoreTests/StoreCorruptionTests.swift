import Foundation
import FeedModel
import Store
import XCTest

final class StoreCorruptionTests: StoreTestCase {
    let feed = FeedKey(source: "stub", category: "all")

    private func setAsideFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".corrupt-") && !$0.hasSuffix("-wal") }
    }

    func testAFileThatIsNotADatabaseIsSetAsideOnceAndReplaced() throws {
        try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: URL(fileURLWithPath: storePath))
        let db = openDatabase()
        try db.replaceList(feed, items: items(0..<3), continuation: .init(nextPage: 1), storedAt: 1)
        XCTAssertEqual(try db.read(feed)?.list?.items, items(0..<3))
        XCTAssertEqual(try setAsideFiles().count, 1)
        XCTAssertEqual(reports.current.count, 1, "reported once")
        guard case .setAside(let path, let movedTo, let reason) = reports.current.first else { return XCTFail("\(reports.current)") }
        XCTAssertEqual(path, storePath)
        XCTAssertTrue(movedTo.hasPrefix(storePath + ".corrupt-"))
        XCTAssertTrue(reason.contains("not a database"), reason)
    }

    func testGarbageWrittenIntoAnOpenStoreIsFoundSetAsideAndReplaced() throws {
        let db = openDatabase()
        for category in 0..<20 {
            try db.replaceList(FeedKey(source: "stub", category: "c\(category)"), items: items(0..<50), continuation: .init(nextPage: 1), storedAt: 1)
        }
        // Checkpointed into the main file by a second connection, then damaged past the header.
        let other = try SQLiteConnection(path: storePath)
        _ = try other.query("PRAGMA wal_checkpoint(TRUNCATE)") { $0.int(0) }
        other.close()
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: storePath))
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 64 * 1024))
        try handle.close()

        let reopened = openDatabase()
        var outcomes: [Bool] = []
        for category in 0..<20 {
            outcomes.append((try? reopened.read(FeedKey(source: "stub", category: "c\(category)"))) != nil)
        }
        try reopened.replaceList(feed, items: items(0..<3), continuation: .init(nextPage: 1), storedAt: 1)
        XCTAssertEqual(try reopened.read(feed)?.list?.items, items(0..<3), "the new store works")
        XCTAssertEqual(try setAsideFiles().count, 1)
        XCTAssertEqual(reports.current.filter { if case .setAside = $0 { return true } else { return false } }.count, 1, "\(reports.current)")
    }

    func testAStorePathThatIsAFolderIsReportedOnceAndNothingIsStored() throws {
        try FileManager.default.createDirectory(atPath: storePath, withIntermediateDirectories: true)
        let db = openDatabase()
        XCTAssertThrowsError(try db.replaceList(feed, items: items(0..<3), continuation: .init(nextPage: 1), storedAt: 1))
        XCTAssertThrowsError(try db.read(feed))
        XCTAssertEqual(reports.current.count, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: storePath), "a folder is never moved")
    }
}
