import Foundation
import JSON
import XCTest
@testable import Network

final class RedactorTests: XCTestCase {
    func testWellKnownCredentialNamesAreSecretWhateverTheirSpelling() {
        let redactor = Redactor.standard
        for name in ["Authorization", "proxy-authorization", "Cookie", "Set-Cookie", "client_id", "clientId", "access_key", "X-Api-Key",
                     "access_token", "refreshToken", "X-Auth-Token", "password", "client_secret", "session_id", "key", "sig"] {
            XCTAssertTrue(redactor.isSecret(name), name)
        }
        for name in ["Accept", "page", "per_page", "q", "category", "Content-Type", "keyword", "Link"] {
            XCTAssertFalse(redactor.isSecret(name), name)
        }
    }

    func testCallerMarkedNamesAreSecretToo() {
        let redactor = Redactor(secretNames: ["X-Device-ID", "uid"])
        XCTAssertTrue(redactor.isSecret("x_device_id"))
        XCTAssertTrue(redactor.isSecret("UID"))
        XCTAssertFalse(Redactor.standard.isSecret("uid"))
    }

    func testURLsLoseUserInfoAndSecretQueryValues() {
        let url = URL(string: "https://bob:hunter2@api.example.com/p?page=2&client_id=abc&name=a%20b&api%5Fkey=zz")!
        XCTAssertEqual(Redactor.standard.redact(url: url), "https://api.example.com/p?page=2&client_id=REDACTED&name=a%20b&api%5Fkey=REDACTED")
    }

    func testAURLThatDoesNotParseKeepsAllButItsSecretValues() {
        let redactor = Redactor.standard
        XCTAssertEqual(redactor.redact(urlString: "http://localhost:8080photos?page=1"), "http://localhost:8080photos?page=1")
        XCTAssertEqual(
            redactor.redact(urlString: "https://ann:pw@exa mple.test/a b?access_key=AK1&q=caf%C3%A9#token=t"),
            "https://exa mple.test/a b?access_key=REDACTED&q=caf%C3%A9#token=REDACTED")
        XCTAssertEqual(redactor.redact(urlString: "not a url at all"), "not a url at all")
    }

    func testHeadersFormBodiesAndJSONAreRedactedByName() {
        let redactor = Redactor.standard
        XCTAssertEqual(redactor.redact(headers: ["Cookie": "a=b", "Accept": "*/*"]).map { "\($0.name): \($0.value)" }, ["Accept: */*", "Cookie: REDACTED"])
        XCTAssertEqual(redactor.redact(formEncoded: "user=ada&password=pw&flag"), "user=ada&password=REDACTED&flag")
        XCTAssertEqual(redactor.redact(json: ["list": [["token": "t", "id": 1]], "msg": "ok"]), ["list": [["token": "REDACTED", "id": 1]], "msg": "ok"])
    }
}
