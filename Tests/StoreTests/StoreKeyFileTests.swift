import Foundation
import Locking
import Store
import XCTest

final class StoreKeyFileTests: StoreTestCase {
    private func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func testTheKeyIsMadeOnceReadableByItsOwnerOnly() throws {
        let key = try StoreKeyFile.loadOrCreate(at: keyPath)
        XCTAssertEqual(key.count, 32)
        XCTAssertEqual(try mode(keyPath), 0o600)
        XCTAssertEqual(try StoreKeyFile.loadOrCreate(at: keyPath), key, "the same key every time")
        XCTAssertNotEqual(key, [UInt8](repeating: 0, count: 32))
    }

    func testWidenedPermissionsAreNarrowedAgain() throws {
        let key = try StoreKeyFile.loadOrCreate(at: keyPath)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: keyPath)
        XCTAssertEqual(try StoreKeyFile.loadOrCreate(at: keyPath), key)
        XCTAssertEqual(try mode(keyPath), 0o600)
    }

    func testADamagedKeyIsReplaced() throws {
        let key = try StoreKeyFile.loadOrCreate(at: keyPath)
        try Data("short".utf8).write(to: URL(fileURLWithPath: keyPath))
        let replaced = try StoreKeyFile.loadOrCreate(at: keyPath)
        XCTAssertEqual(replaced.count, 32)
        XCTAssertNotEqual(replaced, key)
        XCTAssertEqual(try mode(keyPath), 0o600)
    }

    func testThreadsCreatingTheKeyAtOnceAllGetTheSameKey() throws {
        let keys = Locked<[[UInt8]]>([])
        let path = keyPath
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if let key = try? StoreKeyFile.loadOrCreate(at: path) { keys.withLock { $0.append(key) } }
        }
        XCTAssertEqual(keys.current.count, 8)
        XCTAssertEqual(Set(keys.current.map { Data($0) }).count, 1)
    }
}
