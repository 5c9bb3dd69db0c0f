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

/// Templates are parsed in one pass, so no text costs more than its length; a client's
/// templates are held to a size and a number of placeholders.
final class TemplateLimitTests: XCTestCase {
    func testUnclosedAndNestedBracesParseInOnePass() {
        // 30,000 `{` before one `}` took 25 s when each `{` searched the rest of the text for a `}`.
        let opened = String(repeating: "{", count: 30_000) + "x}"
        XCTAssertEqual(Template(opened).parts, [.literal(Substring(String(repeating: "{", count: 29_999))), .placeholder("x")])
        let unclosed = String(repeating: "{", count: 30_000)
        XCTAssertEqual(Template(unclosed).parts, [.literal(Substring(unclosed))])
        let nested = String(repeating: "{a{b}", count: 20_000)
        XCTAssertEqual(Template(nested).placeholders.count, 20_000)
        XCTAssertEqual(Template(nested).rendered { _ in "" }, String(repeating: "{a", count: 20_000))
    }

    func testAClientsTemplateIsRefusedOverItsLimitsBeforeItIsParsed() {
        XCTAssertThrowsError(try Template(checking: String(repeating: "{", count: 30_000))) { error in
            XCTAssertEqual(error as? Template.LimitError, .tooLong(bytes: 30_000, limit: 8192))
            XCTAssertEqual("\(error)", "is 30000 bytes long; a template may have at most 8192")
        }
        XCTAssertThrowsError(try Template(checking: String(repeating: "{a}", count: 65))) { error in
            XCTAssertEqual(error as? Template.LimitError, .tooManyPlaceholders(limit: 64))
        }
        XCTAssertEqual(try Template(checking: String(repeating: "{a}", count: 64)).placeholders.count, 64)
    }
}

/// An image URL the API gives as a template, filled by default or by the size asked for.
final class ImageURLTemplateTests: XCTestCase {
    private let twitch = ImageURLTemplate(url: "https://cdn.test/live-{width}x{height}.jpg", fills: ["width": "640", "height": "360"])!

    func testTheFillsUnlessASizeIsAskedFor() {
        XCTAssertEqual(twitch.url(), "https://cdn.test/live-640x360.jpg")
        XCTAssertEqual(twitch.url(maxWidth: 1920, maxHeight: 1080), "https://cdn.test/live-1920x1080.jpg")
        XCTAssertEqual(twitch.url(maxWidth: 320), "https://cdn.test/live-320x180.jpg")
        XCTAssertEqual(twitch.url(maxHeight: 90), "https://cdn.test/live-160x90.jpg")
    }

    func testOtherPlaceholdersTakeTheirFillsAndAnUnfilledOneMakesNoURL() {
        let iiif = ImageURLTemplate(url: "https://iiif.test/{id}/full/{width},/0/default.jpg", fills: ["id": "abc", "width": "843"])!
        XCTAssertEqual(iiif.url(maxWidth: 200, maxHeight: 200), "https://iiif.test/abc/full/200,/0/default.jpg")
        XCTAssertNil(ImageURLTemplate(url: "https://cdn.test/{width}x{height}", fills: [:])!.url())
        XCTAssertNil(ImageURLTemplate(url: "https://cdn.test/plain.jpg", fills: ["width": "1"]), "no placeholder: no template")
    }

    func testAnItemAsksItsTemplateForTheVariantsSize() {
        var item = FeedItem(id: "1", title: "", imageURL: twitch.url(), thumbnailURL: nil, imageURLTemplate: twitch)
        XCTAssertEqual(item.imageURL(.thumbnail, maxWidth: 100, maxHeight: 100), "https://cdn.test/live-100x100.jpg", "no thumbnail: the image's template")
        item.thumbnailURL = "https://cdn.test/thumb.jpg"
        XCTAssertEqual(item.imageURL(.thumbnail, maxWidth: 100, maxHeight: 100), "https://cdn.test/thumb.jpg", "a thumbnail without a template is as given")
        item.imageURL = nil
        XCTAssertNil(item.imageURL(.full, maxWidth: 100, maxHeight: 100), "no image, no URL")
    }
}
