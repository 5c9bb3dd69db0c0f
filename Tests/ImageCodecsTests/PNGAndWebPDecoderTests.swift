import ImageCodecs
import XCTest

final class PNGAndWebPDecoderTests: XCTestCase {
    func testOpaquePNGDecodesToRGB() throws {
        let decoded = try PNGDecoder().decode(Fixtures.bytes("landscape.png"))
        XCTAssertEqual(decoded.image.size, PixelSize(width: 320, height: 180))
        XCTAssertEqual(decoded.image.layout, .rgb8)
        assertColor(decoded.image, 10, 0, [0x20, 0x40, 0x80], tolerance: 2)
    }

    func testTransparentPNGKeepsItsAlpha() throws {
        let decoded = try PNGDecoder().decode(Fixtures.bytes("alpha.png"))
        XCTAssertEqual(decoded.image.layout, .rgba8)
        assertColor(decoded.image, 5, 5, [255, 0, 0, 0x80], tolerance: 1)
    }

    func testPaletteAndSixteenBitPNGsDecodeToEightBitRGB() throws {
        let palette = try PNGDecoder().decode(Fixtures.bytes("palette.png"))
        assertColor(palette.image, 20, 15, [0xCC, 0x33, 0x66], tolerance: 1)
        let deep = try PNGDecoder().decode(Fixtures.bytes("sixteen-bit.png"))
        XCTAssertEqual(deep.image.size, PixelSize(width: 40, height: 30))
        assertColor(deep.image, 0, 0, [0, 0, 0], tolerance: 2)
        assertColor(deep.image, 0, 29, [255, 255, 255], tolerance: 2)
        // Mid-tones keep their sRGB value (libpng alone would read 16-bit samples as linear).
        assertColor(deep.image, 0, 15, [132, 132, 132], tolerance: 3)
    }

    func testOnePixelPNGAndWebP() throws {
        assertColor(try PNGDecoder().decode(Fixtures.bytes("pixel.png")).image, 0, 0, [0x33, 0x66, 0x99], tolerance: 0)
        let webp = try WebPDecoder().decode(Fixtures.bytes("pixel.webp"))
        XCTAssertEqual(webp.image.size, PixelSize(width: 1, height: 1))
        assertColor(webp.image, 0, 0, [0x33, 0x66, 0x99], tolerance: 0)
    }

    func testLossyWebPDecodesToRGB() throws {
        let decoded = try WebPDecoder().decode(Fixtures.bytes("landscape.webp"))
        XCTAssertEqual(decoded.image.size, PixelSize(width: 320, height: 180))
        XCTAssertEqual(decoded.image.layout, .rgb8)
        assertColor(decoded.image, 160, 2, [0x20, 0x40, 0x80])
    }

    func testLosslessWebPWithAlphaDecodesToRGBA() throws {
        let decoded = try WebPDecoder().decode(Fixtures.bytes("alpha.webp"))
        XCTAssertEqual(decoded.image.layout, .rgba8)
        assertColor(decoded.image, 3, 3, [0, 255, 0, 0x80], tolerance: 1)
    }

    func testAnimatedWebPIsAnUnsupportedFeature() {
        XCTAssertThrowsError(try WebPDecoder().decode(Fixtures.bytes("animated.webp"))) { error in
            XCTAssertEqual(error as? ImageCodecError, .unsupportedFeature(format: "image/webp", detail: "animation"))
        }
    }

    func testTheDispatcherPicksTheDecoderBySignature() throws {
        let decoder = ImageDecoder()
        XCTAssertEqual(try decoder.decode(Fixtures.bytes("landscape.png")).mimeType, "image/png")
        XCTAssertEqual(try decoder.decode(Fixtures.bytes("landscape.jpg")).mimeType, "image/jpeg")
        XCTAssertEqual(try decoder.decode(Fixtures.bytes("landscape.webp")).mimeType, "image/webp")
    }

    func testGIFAndBMPAreRecognisedButServedAsTheOriginalOnly() {
        for (name, type) in [("pixel.gif", "image/gif"), ("pixel.bmp", "image/bmp")] {
            XCTAssertThrowsError(try ImageDecoder().decode(Fixtures.bytes(name))) { error in
                XCTAssertEqual(error as? ImageCodecError, .unsupportedFormat(type))
                XCTAssertEqual((error as? ImageCodecError)?.reason, "unsupportedFormat")
            }
        }
    }
}
