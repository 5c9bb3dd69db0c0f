import ImageCodecs
import XCTest

final class EncoderTests: XCTestCase {
    private let gradient = PixelImage(width: 64, height: 48, layout: .rgb8,
                                      pixels: (0..<48).flatMap { y in (0..<64).flatMap { x in [UInt8(x * 4), UInt8(y * 5), 128] } })

    func testPNGRoundTripsExactlyAndCompresses() throws {
        let png = PNGImageEncoder().encode(gradient)
        XCTAssertLessThan(png.count, gradient.pixels.count / 4, "deflated and filtered")
        XCTAssertEqual(try PNGDecoder().decode(png).image, gradient)
    }

    func testPNGKeepsAlpha() throws {
        let image = PixelImage(width: 2, height: 2, layout: .rgba8, pixels: [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 9, 9, 9, 9])
        XCTAssertEqual(try PNGDecoder().decode(PNGImageEncoder().encode(image)).image, image)
    }

    func testPNGWithoutZlibIsStoredButStillValid() throws {
        let encoder = PNGImageEncoder(library: CodecLibrary.zlib.opened(as: "libz.so.0-not-installed"))
        XCTAssertFalse(encoder.deflater.compresses)
        let png = encoder.encode(gradient)
        XCTAssertGreaterThan(png.count, gradient.pixels.count)
        XCTAssertEqual(try PNGDecoder().decode(png).image, gradient)
    }

    func testJPEGRoundTripsCloselyAtHighQuality() throws {
        let jpeg = try JPEGEncoder(quality: 95).encode(gradient)
        let decoded = try JPEGDecoder().decode(jpeg).image
        XCTAssertEqual(decoded.size, gradient.size)
        for (x, y) in [(0, 0), (32, 24), (63, 47)] { assertColor(decoded, x, y, Array(gradient[x, y]), tolerance: 8) }
        XCTAssertLessThan(try JPEGEncoder(quality: 30).encode(gradient).count, jpeg.count)
    }

    func testJPEGFlattensAlphaOntoTheBackground() throws {
        let image = PixelImage(width: 16, height: 16, layout: .rgba8, pixels: [UInt8]((0..<256).flatMap { _ in [0, 0, 0, 0] }))
        let decoded = try JPEGDecoder().decode(JPEGEncoder().encode(image)).image
        assertColor(decoded, 8, 8, [255, 255, 255], tolerance: 2)
        let onBlue = try JPEGDecoder().decode(JPEGEncoder(background: (0, 0, 255)).encode(image)).image
        assertColor(onBlue, 8, 8, [0, 0, 255], tolerance: 4)
    }
}
