@testable import FeedSources
import XCTest

final class LinkHeaderTests: XCTestCase {
    func testGitHubStyleLinks() {
        let header = #"<https://api.github.com/search/code?q=a&page=2>; rel="next", <https://api.github.com/search/code?q=a&page=34>; rel="last""#
        XCTAssertEqual(LinkHeader.links(header).map(\.relations), [["next"], ["last"]])
        XCTAssertEqual(LinkHeader.nextTarget(header), "https://api.github.com/search/code?q=a&page=2")
        XCTAssertTrue(LinkHeader.hasNext(header))
    }

    func testTargetsMayHoldCommasAndSemicolonsAndRelsMayBeLists() {
        let header = #"<https://x.test/a?ids=1,2;v=3>; title="a, b"; REL="prev next", </last>; rel=last"#
        let links = LinkHeader.links(header)
        XCTAssertEqual(links.map(\.target), ["https://x.test/a?ids=1,2;v=3", "/last"])
        XCTAssertEqual(links.map(\.relations), [["prev", "next"], ["last"]])
        XCTAssertEqual(LinkHeader.nextTarget(header), "https://x.test/a?ids=1,2;v=3")
    }

    func testNoNextLink() {
        XCTAssertNil(LinkHeader.nextTarget(#"<https://x.test/?page=1>; rel="first", <https://x.test/?page=1>; rel="prev""#))
        XCTAssertNil(LinkHeader.nextTarget("garbage"))
        XCTAssertEqual(LinkHeader.links("<broken; rel=next"), [])
    }
}
