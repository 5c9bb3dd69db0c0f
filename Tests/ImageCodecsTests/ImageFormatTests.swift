@testable import ImageCodecs
import ImageTestSupport
import XCTest

final class ImageFormatTests: XCTestCase {
    private func assertSniff(_ bytes: [UInt8], _ mime: String, _ width: Int, _ height: Int, line: UInt = #line) {
        XCTAssertEqual(ImageFormat.sniff(bytes), ImageInfo(mimeType: mime, width: width, height: height, byteCount: bytes.count), line: line)
    }

    func testEveryFormatReportsItsTypeAndSize() {
        assertSniff(ImageFixtures.png(width: 17, height: 9), "image/png", 17, 9)
        assertSniff(ImageFixtures.jpeg(width: 640, height: 480, progressive: false), "image/jpeg", 640, 480)
        assertSniff(ImageFixtures.jpeg(width: 1024, height: 768, progressive: true), "image/jpeg", 1024, 768)
        assertSniff(ImageFixtures.gif(width: 300, height: 200), "image/gif", 300, 200)
        assertSniff(ImageFixtures.bmp(width: 5, height: 3, topDown: false), "image/bmp", 5, 3)
        assertSniff(ImageFixtures.bmp(width: 5, height: 3, topDown: true), "image/bmp", 5, 3)
        assertSniff(ImageFixtures.webpLossy(width: 400, height: 301), "image/webp", 400, 301)
        assertSniff(ImageFixtures.webpLossless(width: 16_000, height: 2), "image/webp", 16_000, 2)
        assertSniff(ImageFixtures.webpExtended(width: 70_000, height: 5), "image/webp", 70_000, 5)
    }

    func testTruncatedOrUnknownBytesAreNotImages() {
        XCTAssertNil(ImageFormat.sniff(Array("<html>".utf8)))
        XCTAssertNil(ImageFormat.sniff(Array(ImageFixtures.png(width: 3, height: 3).prefix(20))))
        XCTAssertNil(ImageFormat.sniff(Array(ImageFixtures.jpeg(width: 3, height: 3, progressive: false).prefix(30))))
        XCTAssertNil(ImageFormat.sniff([]))
    }

    func testABitmapWithANegativeWidthIsNotAnImage() {
        var bytes = ImageFixtures.bmp(width: 5, height: 3, topDown: false)
        bytes.replaceSubrange(18..<22, with: [0xFB, 0xFF, 0xFF, 0xFF])  // -5
        XCTAssertNil(ImageFormat.sniff(bytes), "the schema's width is at least 0")
    }
}
