import FeedModel
import XCTest

final class TemplateTests: XCTestCase {
    func testPlaceholdersAndLiteralRuns() {
        let template = Template("{baseURL}r/{category}/new.json?limit={pageSize}")
        XCTAssertEqual(template.placeholders, ["baseURL", "category", "pageSize"])
        XCTAssertEqual(template.rendered { "<\($0)>" }, "<baseURL>r/<category>/new.json?limit=<pageSize>")
        XCTAssertEqual(template.parts.first, .placeholder("baseURL"))
    }

    func testBracesThatAreNoPlaceholderAreText() {
        for text in ["{}", "a{b", "}{", "{a{b}", "plain", ""] {
            XCTAssertEqual(Template(text).rendered { _ in "X" }, text.replacingOccurrences(of: "{b}", with: "X"), text)
        }
        XCTAssertEqual(Template("{a{b}").placeholders, ["b"])
        XCTAssertFalse(Template("{}").hasPlaceholders)
    }

    func testASolePlaceholderIsTheWholeText() {
        XCTAssertEqual(Template("{pageSize}").solePlaceholder, "pageSize")
        XCTAssertNil(Template(" {pageSize}").solePlaceholder)
        XCTAssertNil(Template("{page}{pageSize}").solePlaceholder)
    }

    func testRenderingFailsOnTheFirstMissingValue() {
        XCTAssertNil(Template("https://cdn/{logo}/{size}").rendered { $0 == "logo" ? "l.png" : nil })
        XCTAssertEqual(Template("https://cdn/{logo}").rendered { _ in "a/b.png" }, "https://cdn/a/b.png", "values are inserted as is")
    }
}
