import ImageCodecs
import XCTest

/// Each fixture stores the upright 60x40 picture (red, green / blue, white quadrants) turned by
/// its orientation's inverse and tagged with it, so every one must decode to the same picture.
final class ExifOrientationTests: XCTestCase {
    func testAllEightOrientationsDecodeUpright() throws {
        for orientation in ExifOrientation.allCases {
            let decoded = try JPEGDecoder().decode(Fixtures.bytes("orientation-\(orientation.rawValue).jpg"))
            let name = "orientation \(orientation.rawValue)"
            XCTAssertEqual(decoded.orientation, orientation, name)
            XCTAssertEqual(decoded.image.size, PixelSize(width: 60, height: 40), name)
            XCTAssertEqual(decoded.originalSize, PixelSize(width: 60, height: 40), name)
            assertUpright(decoded.image, name)
        }
    }

    func testOrientationIsAppliedAfterScalingToTheDisplayedTarget() throws {
        // Stored 40x60, displayed 60x40: a 30-pixel-wide box halves it.
        let decoded = try Thumbnailer().image(from: Fixtures.bytes("orientation-6.jpg"), fitting: ResizeTarget(maxWidth: 30, maxHeight: nil))
        XCTAssertEqual(decoded.image.size, PixelSize(width: 30, height: 20))
        assertColor(decoded.image, 7, 5, [255, 0, 0], tolerance: 40)
        assertColor(decoded.image, 22, 15, [255, 255, 255], tolerance: 40)
    }

    func testTheTagCanBeIgnored() throws {
        let decoded = try JPEGDecoder().decode(Fixtures.bytes("orientation-6.jpg"), options: DecodeOptions(appliesOrientation: false))
        XCTAssertEqual(decoded.image.size, PixelSize(width: 40, height: 60))
        XCTAssertEqual(decoded.orientation, .up)
    }

    func testOrientingByHandMatchesEachTransform() {
        // 2x1: a red pixel then a blue one.
        let image = PixelImage(width: 2, height: 1, layout: .rgb8, pixels: [255, 0, 0, 0, 0, 255])
        XCTAssertEqual(image.oriented(.upMirrored).pixels, [0, 0, 255, 255, 0, 0])
        XCTAssertEqual(image.oriented(.right).size, PixelSize(width: 1, height: 2))
        XCTAssertEqual(image.oriented(.right).pixels, [255, 0, 0, 0, 0, 255])
        XCTAssertEqual(image.oriented(.left).pixels, [0, 0, 255, 255, 0, 0])
    }

    private func assertUpright(_ image: PixelImage, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        assertColor(image, 15, 10, [255, 0, 0], name, file: file, line: line)
        assertColor(image, 45, 10, [0, 255, 0], name, file: file, line: line)
        assertColor(image, 15, 30, [0, 0, 255], name, file: file, line: line)
        assertColor(image, 45, 30, [255, 255, 255], name, file: file, line: line)
    }
}
