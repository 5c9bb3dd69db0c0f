import XCTest
@testable import Network

final class ResponseHeadTests: XCTestCase {
    private func head(_ lines: [String]) -> ResponseHead {
        var head = ResponseHead()
        for line in lines {
            Array(line.utf8).withUnsafeBytes { head.receive($0) }
        }
        return head
    }

    func testTheLastResponseOfARedirectChainIsKept() {
        let received = head([
            "HTTP/1.1 302 Found\r\n", "Location: /next\r\n", "Set-Cookie: a=1\r\n", "\r\n",
            "HTTP/2 200 \r\n", "content-type: application/json\r\n", "Content-Length:  42 \r\n", "\r\n",
        ])
        XCTAssertEqual(received.statusCode, 200)
        XCTAssertEqual(received.headers, ["content-type": "application/json", "Content-Length": "42"])
        XCTAssertEqual(received.contentLength, 42)
        XCTAssertNil(received.location)
        XCTAssertEqual(received.receivedBytes, 125, "every line counts toward the header cap")
    }

    func testRepeatedFieldsAreJoinedWhateverTheirCase() {
        let received = head(["HTTP/1.1 200 OK\r\n", "Link: <a>\r\n", "LINK: <b>\r\n", "X-Empty:\r\n", "no colon here\r\n"])
        XCTAssertEqual(received.headers, ["Link": "<a>, <b>", "X-Empty": ""])
    }

    func testAStatusLineWithoutACodeIsZero() {
        XCTAssertEqual(head(["HTTP/1.1 OK\r\n"]).statusCode, 0)
        XCTAssertEqual(head(["HTTP/1.1 20x\r\n"]).statusCode, 0)
        XCTAssertEqual(head(["HTTP/1.0 404 Not Found\r\n"]).statusCode, 404)
    }

    func testHeaderNamesCompareIgnoringASCIICaseOnly() {
        XCTAssertTrue("Content-Type".equalsIgnoringASCIICase("content-TYPE"))
        XCTAssertFalse("Content-Type".equalsIgnoringASCIICase("Content-Typ"))
        XCTAssertFalse("a@".equalsIgnoringASCIICase("a`"), "only letters fold (@ and ` differ by 0x20)")
        var request = HTTPRequest(url: URL(string: "http://h/")!)
        request.setValue("1", forHTTPHeaderField: "X-Key")
        request.setValue("2", forHTTPHeaderField: "x-key")
        XCTAssertEqual(request.headers, ["x-key": "2"])
        XCTAssertEqual(request.value(forHTTPHeaderField: "X-KEY"), "2")
    }
}
