@testable import FeedSources
import XCTest

/// RFC 3986 §5.4: every example of reference resolution, against the RFC's base URI.
final class URIReferenceTests: XCTestCase {
    private let base = "http://a/b/c/d;p?q"

    private func assertResolves(_ examples: KeyValuePairs<String, String>, file: StaticString = #filePath, line: UInt = #line) {
        for (reference, target) in examples {
            XCTAssertEqual(URIReference.resolve(reference, against: base), target, "\"\(reference)\"", file: file, line: line)
        }
    }

    func testTheNormalExamplesOfSection5_4_1() {
        assertResolves([
            "g:h": "g:h", "g": "http://a/b/c/g", "./g": "http://a/b/c/g", "g/": "http://a/b/c/g/", "/g": "http://a/g",
            "//g": "http://g", "?y": "http://a/b/c/d;p?y", "g?y": "http://a/b/c/g?y", "#s": "http://a/b/c/d;p?q#s",
            "g#s": "http://a/b/c/g#s", "g?y#s": "http://a/b/c/g?y#s", ";x": "http://a/b/c/;x", "g;x": "http://a/b/c/g;x",
            "g;x?y#s": "http://a/b/c/g;x?y#s", "": "http://a/b/c/d;p?q", ".": "http://a/b/c/", "./": "http://a/b/c/",
            "..": "http://a/b/", "../": "http://a/b/", "../g": "http://a/b/g", "../..": "http://a/", "../../": "http://a/",
            "../../g": "http://a/g",
        ])
    }

    func testTheAbnormalExamplesOfSection5_4_2() {
        assertResolves([
            "../../../g": "http://a/g", "../../../../g": "http://a/g",
            "/./g": "http://a/g", "/../g": "http://a/g", "g.": "http://a/b/c/g.", ".g": "http://a/b/c/.g",
            "g..": "http://a/b/c/g..", "..g": "http://a/b/c/..g",
            "./../g": "http://a/b/g", "./g/.": "http://a/b/c/g/", "g/./h": "http://a/b/c/g/h", "g/../h": "http://a/b/c/h",
            "g;x=1/./y": "http://a/b/c/g;x=1/y", "g;x=1/../y": "http://a/b/c/y",
            "g?y/./x": "http://a/b/c/g?y/./x", "g?y/../x": "http://a/b/c/g?y/../x",
            "g#s/./x": "http://a/b/c/g#s/./x", "g#s/../x": "http://a/b/c/g#s/../x",
            "http:g": "http:g",  // strict parsers: a scheme makes a reference absolute
        ])
    }

    func testRemoveDotSegmentsAsInSection5_2_4() {
        XCTAssertEqual(URIReference.removingDotSegments("/a/b/c/./../../g"), "/a/g")
        XCTAssertEqual(URIReference.removingDotSegments("mid/content=5/../6"), "mid/6")
    }

    func testImagePathsAsAPIsWriteThem() {
        let page = "https://api.example.com/v1/photos/?cursor=cD0y&page_size=10"
        XCTAssertEqual(URIReference.resolve("/media/a.jpg", against: page), "https://api.example.com/media/a.jpg")
        XCTAssertEqual(URIReference.resolve("thumbs/a.png", against: page), "https://api.example.com/v1/photos/thumbs/a.png")
        XCTAssertEqual(URIReference.resolve("//cdn.example.com/a.jpg", against: page), "https://cdn.example.com/a.jpg")
        XCTAssertEqual(URIReference.resolve("?cursor=cD0z", against: page), "https://api.example.com/v1/photos/?cursor=cD0z")
        XCTAssertEqual(URIReference.resolve("/a.jpg", against: "http://h:8080"), "http://h:8080/a.jpg")
        XCTAssertEqual(URIReference.resolve("a.jpg", against: "http://h:8080"), "http://h:8080/a.jpg", "an empty base path merges as /")
        XCTAssertEqual(URIReference.resolve("%E7%A6%8F/a b.jpg", against: page), "https://api.example.com/v1/photos/%E7%A6%8F/a b.jpg", "kept byte for byte")
    }

    func testHasSchemeSaysWhatTheSplitSays() {
        let references = [
            "http://a/b", "HTTPS://a", "a:b", ":a", "", "/a:b", "a/b:c", "?a:b", "#a:b", "a?b:c", "a#b:c", "mailto:x@y",
            "//cdn.example.com/a.jpg", "../g", "g;x=1/../y", "c:/windows", "a:", "1a+-.:x", "é:x", "a b:c",
            "a:\u{301}b", "a/\u{301}b:c", "a\r\n:b",
        ]
        for reference in references {
            XCTAssertEqual(URIReference.hasScheme(reference), URIReference(reference).scheme != nil, reference)
        }
    }

    func testComponentsRoundTrip() {
        for text in ["http://u@h:1/p?q#f", "mailto:a@b", "//h", "?", "#", "a:b:c", "/p/a:b", "", "http://h?x#y?z"] {
            XCTAssertEqual(URIReference(text).description, text)
        }
        let parts = URIReference("https://u@h:1/p/q?x=1#top")
        XCTAssertEqual([parts.scheme, parts.authority, parts.path, parts.query, parts.fragment], ["https", "u@h:1", "/p/q", "x=1", "top"])
        XCTAssertNil(URIReference("/p/a:b").scheme, "a colon after a slash is no scheme")
    }
}
