import ImageCodecs
import XCTest

final class JPEGDecoderTests: XCTestCase {
    let decoder = JPEGDecoder()

    func testDecodesAtFullSizeWithoutATarget() throws {
        let decoded = try decoder.decode(Fixtures.bytes("landscape.jpg"))
        XCTAssertEqual(decoded.image.size, PixelSize(width: 320, height: 180))
        XCTAssertEqual(decoded.image.layout, .rgb8)
        XCTAssertEqual(decoded.originalSize, PixelSize(width: 320, height: 180))
        XCTAssertEqual(decoded.scaleDenominator, 1)
        assertColor(decoded.image, 160, 0, [0x20, 0x40, 0x80])
        assertColor(decoded.image, 160, 179, [0xE0, 0xC0, 0x40])
    }

    func testAPhotoFor256PixelsIsDecodedAtAnEighthFromTheDCT() throws {
        let decoded = try decoder.decode(Fixtures.bytes("large-4000x3000.jpg"), options: DecodeOptions(target: .maxPixelSize(256)))
        XCTAssertEqual(decoded.scaleDenominator, 8, "libjpeg was asked for 1/8")
        XCTAssertEqual(decoded.image.size, PixelSize(width: 500, height: 375))
        XCTAssertEqual(decoded.originalSize, PixelSize(width: 4000, height: 3000))
        assertColor(decoded.image, 250, 0, [0x30, 0x60, 0x90])
    }

    func testTheScaleLeavesAtLeastTheTargetsPixels() {
        let photo = PixelSize(width: 4000, height: 3000)
        XCTAssertEqual(JPEGDecoder.scaleDenominator(decoding: photo, toAtLeast: PixelSize(width: 256, height: 192)), 8)
        XCTAssertEqual(JPEGDecoder.scaleDenominator(decoding: photo, toAtLeast: PixelSize(width: 501, height: 376)), 4)
        XCTAssertEqual(JPEGDecoder.scaleDenominator(decoding: photo, toAtLeast: PixelSize(width: 1024, height: 768)), 2)
        XCTAssertEqual(JPEGDecoder.scaleDenominator(decoding: photo, toAtLeast: PixelSize(width: 2001, height: 1000)), 1)
        XCTAssertEqual(JPEGDecoder.scaleDenominator(decoding: PixelSize(width: 1, height: 1), toAtLeast: PixelSize(width: 1, height: 1)), 8)
    }

    func testProgressiveGreyAndCMYKFilesDecodeToRGB() throws {
        let progressive = try decoder.decode(Fixtures.bytes("portrait-progressive.jpg"))
        XCTAssertEqual(progressive.image.size, PixelSize(width: 90, height: 160))
        let grey = try decoder.decode(Fixtures.bytes("grey.jpg"))
        XCTAssertEqual(grey.image.layout, .rgb8)
        let middle = Array(grey.image[32, 24])
        XCTAssertEqual(middle[0], middle[1])
        XCTAssertEqual(middle[1], middle[2])
        let cmyk = try decoder.decode(Fixtures.bytes("cmyk.jpg"))
        assertColor(cmyk.image, 32, 24, [0x33, 0x66, 0xCC], tolerance: 12)
    }

    func testAOnePixelImage() throws {
        let decoded = try decoder.decode(Fixtures.bytes("pixel.jpg"), options: DecodeOptions(target: .maxPixelSize(256)))
        XCTAssertEqual(decoded.image.size, PixelSize(width: 1, height: 1))
        assertColor(decoded.image, 0, 0, [0x33, 0x66, 0x99], tolerance: 6)
    }

    func testOnlyJPEGSignaturesAreRecognised() {
        XCTAssertTrue(Fixtures.bytes("pixel.jpg").withUnsafeBytes(decoder.recognizes))
        XCTAssertFalse(Fixtures.bytes("pixel.png").withUnsafeBytes(decoder.recognizes))
    }
}
