import ImageCodecs
import XCTest

/// The whole path a pipeline uses: bytes in, a resized file out.
final class ThumbnailerTests: XCTestCase {
    let thumbnailer = Thumbnailer()

    func testSizesAndAspectRatiosOfEveryInputFormat() throws {
        for name in ["landscape.jpg", "landscape.png", "landscape.webp"] {
            for (target, expected) in [(ResizeTarget.maxPixelSize(64), PixelSize(width: 64, height: 36)),
                                       (ResizeTarget(maxWidth: 100, maxHeight: 20), PixelSize(width: 36, height: 20)),
                                       (ResizeTarget(maxWidth: 160, maxHeight: nil), PixelSize(width: 160, height: 90)),
                                       (ResizeTarget.maxPixelSize(4000), PixelSize(width: 320, height: 180))] {
                for format in [OutputFormat.png, .jpeg] {
                    let thumbnail = try thumbnailer.thumbnail(from: Fixtures.bytes(name), fitting: target, as: format)
                    XCTAssertEqual(thumbnail.size, expected, "\(name) to \(target) as \(format)")
                    XCTAssertEqual(thumbnail.mimeType, format.mimeType)
                    let reread = try ImageDecoder().decode(thumbnail.bytes)
                    XCTAssertEqual(reread.image.size, expected, "\(name) to \(target) as \(format), decoded again")
                }
            }
        }
    }

    func testAPortraitJPEGKeepsItsAspectRatio() throws {
        let thumbnail = try thumbnailer.thumbnail(from: Fixtures.bytes("portrait-progressive.jpg"), fitting: .maxPixelSize(32), as: .png)
        XCTAssertEqual(thumbnail.size, PixelSize(width: 18, height: 32))
    }

    func testAPhotoTo256Pixels() throws {
        let decoded = try thumbnailer.image(from: Fixtures.bytes("large-4000x3000.jpg"), fitting: .maxPixelSize(256))
        XCTAssertEqual(decoded.scaleDenominator, 8)
        XCTAssertEqual(decoded.image.size, PixelSize(width: 256, height: 192))
        assertColor(decoded.image, 128, 0, [0x30, 0x60, 0x90])
        assertColor(decoded.image, 128, 191, [0xC0, 0xA0, 0x40])
    }

    func testOnePixelImagesStayOnePixel() throws {
        for name in ["pixel.jpg", "pixel.png", "pixel.webp"] {
            let thumbnail = try thumbnailer.thumbnail(from: Fixtures.bytes(name), fitting: .maxPixelSize(256), as: .png)
            XCTAssertEqual(thumbnail.size, PixelSize(width: 1, height: 1), name)
        }
    }

    func testTransparencySurvivesAsPNG() throws {
        let thumbnail = try thumbnailer.thumbnail(from: Fixtures.bytes("alpha.png"), fitting: .maxPixelSize(12), as: .png)
        let image = try PNGDecoder().decode(thumbnail.bytes).image
        XCTAssertEqual(image.size, PixelSize(width: 12, height: 8))
        assertColor(image, 6, 4, [255, 0, 0, 0x80], tolerance: 2)
    }
}
