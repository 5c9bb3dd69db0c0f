import Foundation
import JSON
import FeedModel
import Store
import XCTest

final class StoreSecretsTests: StoreTestCase {
    func testTheStoreFileHoldsNoSecretInAnyForm() throws {
        let secrets = ["AK-9f3c2e71d4", "Bearer tok-5551234", "tok-5551234", "uid-secret-77"]
        let key = FeedKey(
            source: "custom", category: "all",
            configuration: ["custom": ["headers": ["Authorization": "Bearer tok-5551234"], "uid": "uid-secret-77"], "accessKey": "AK-9f3c2e71d4"],
            secrets: secrets)
        let db = openDatabase()
        let echoing = [
            FeedItem(
                id: "1", title: "echo AK-9f3c2e71d4", imageURL: "https://img.test/1.jpg?client_id=AK-9f3c2e71d4",
                thumbnailURL: "https://img.test/1s.jpg?t=Bearer%20tok-5551234", extra: object(["note": "uid-secret-77"]))
        ]
        let generation = try db.replaceList(
            key, items: echoing, continuation: .init(nextPage: 1, cursor: "https://api.test/next?client_id=AK-9f3c2e71d4&page=2"), storedAt: 1)
        XCTAssertEqual(try db.read(key)?.list?.continuation.cursor, "https://api.test/next?client_id=AK-9f3c2e71d4&page=2")
        try db.appendPage(key, generation: generation, page: 1, items: echoing.map { var item = $0; item.id = "2"; return item }, continuation: .init(nextPage: 2))
        try db.patch(key, id: "1", fields: object(["comment": "tok-5551234"]))
        try db.hide(key, id: "2")

        let bytes = storeFileBytes()
        XCTAssertGreaterThan(bytes.count, 0)
        for secret in secrets {
            for form in [secret, secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!] {
                XCTAssertNil(bytes.range(of: Data(form.utf8)), "\(form) is in the store file")
            }
        }
        let stored = try XCTUnwrap(try db.read(key))
        XCTAssertEqual(stored.list?.items.first, echoing.first, "and the list reads back as it was")
        XCTAssertEqual(stored.list?.continuation.cursor, nil)
        XCTAssertEqual(stored.edits.patches["1"], object(["comment": "tok-5551234"]))
    }
}
