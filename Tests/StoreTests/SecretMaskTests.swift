import Store
import XCTest

final class SecretMaskTests: XCTestCase {
    let mask = SecretMask(secrets: ["AK-9f3c2e71", "Bearer tok en/42", "AK-9f3c2e71-long"])

    func testMaskedTextHoldsNoFormOfASecretAndReadsBackExactly() {
        let texts = [
            "https://api.test/photos?client_id=AK-9f3c2e71&page=2",
            "https://api.test/next?auth=Bearer%20tok%20en%2F42",
            "https://api.test/next?auth=Bearer%20tok%20en%2f42 and Bearer+tok+en%2F42",
            "{\"token\":\"Bearer tok en/42\"}",
            "a longer one: AK-9f3c2e71-long, and the short AK-9f3c2e71",
            "control \u{1} and \u{2} characters \u{1}3\u{2} already there",
            "nothing secret here",
        ]
        for text in texts {
            let stored = mask.mask(text)
            XCTAssertFalse(stored.contains("AK-9f3c2e71"), stored)
            XCTAssertFalse(stored.contains("tok en"), stored)
            XCTAssertFalse(stored.contains("tok%20en"), stored)
            XCTAssertFalse(stored.contains("tok+en"), stored)
            XCTAssertEqual(mask.unmask(stored), text)
        }
    }

    func testTextWithoutSecretsIsStoredAsItIs() {
        XCTAssertEqual(mask.mask("Item 1"), "Item 1")
        XCTAssertTrue(SecretMask(secrets: []).isEmpty)
        XCTAssertTrue(SecretMask(secrets: ["1", "abc"]).isEmpty, "values shorter than the redactor's minimum are too common to mask")
    }

    func testTheSameSecretsInAnotherOrderMaskAlike() {
        let other = SecretMask(secrets: ["AK-9f3c2e71-long", "Bearer tok en/42", "AK-9f3c2e71"])
        let text = "https://api.test/?k=AK-9f3c2e71&t=Bearer%20tok%20en%2F42"
        XCTAssertEqual(other.mask(text), mask.mask(text))
        XCTAssertEqual(other.unmask(mask.mask(text)), text)
    }
}
