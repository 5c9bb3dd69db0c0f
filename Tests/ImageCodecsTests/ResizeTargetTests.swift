import ImageCodecs
import XCTest

final class ResizeTargetTests: XCTestCase {
    func testTheLimitingSideGetsItsMaximumAndTheOtherKeepsTheAspectRatio() {
        let box = ResizeTarget(maxWidth: 256, maxHeight: 256)
        XCTAssertEqual(box.size(fitting: PixelSize(width: 4000, height: 3000)), PixelSize(width: 256, height: 192))
        XCTAssertEqual(box.size(fitting: PixelSize(width: 3000, height: 4000)), PixelSize(width: 192, height: 256))
        XCTAssertEqual(ResizeTarget(maxWidth: 100, maxHeight: 10).size(fitting: PixelSize(width: 400, height: 300)), PixelSize(width: 13, height: 10))
    }

    func testOneOpenSideLimitsOnlyTheOther() {
        XCTAssertEqual(ResizeTarget(maxWidth: 200, maxHeight: nil).size(fitting: PixelSize(width: 1000, height: 5000)), PixelSize(width: 200, height: 1000))
        XCTAssertEqual(ResizeTarget(maxWidth: nil, maxHeight: 90).size(fitting: PixelSize(width: 320, height: 180)), PixelSize(width: 160, height: 90))
    }

    func testMaxPixelSizeBoundsTheLongerSide() {
        XCTAssertEqual(ResizeTarget.maxPixelSize(64).size(fitting: PixelSize(width: 320, height: 180)), PixelSize(width: 64, height: 36))
        XCTAssertEqual(ResizeTarget.maxPixelSize(64).size(fitting: PixelSize(width: 90, height: 160)), PixelSize(width: 36, height: 64))
    }

    func testNeverUpscales() {
        XCTAssertEqual(ResizeTarget.maxPixelSize(1000).size(fitting: PixelSize(width: 320, height: 180)), PixelSize(width: 320, height: 180))
        XCTAssertEqual(ResizeTarget(maxWidth: 500, maxHeight: 100).size(fitting: PixelSize(width: 60, height: 40)), PixelSize(width: 60, height: 40))
        XCTAssertEqual(ResizeTarget.original.size(fitting: PixelSize(width: 7, height: 3)), PixelSize(width: 7, height: 3))
    }

    func testAlwaysAtLeastOnePixel() {
        XCTAssertEqual(ResizeTarget.maxPixelSize(10).size(fitting: PixelSize(width: 10000, height: 1)), PixelSize(width: 10, height: 1))
        XCTAssertEqual(ResizeTarget(maxWidth: 0, maxHeight: -5).size(fitting: PixelSize(width: 50, height: 50)), PixelSize(width: 1, height: 1))
        XCTAssertEqual(ResizeTarget.maxPixelSize(64).size(fitting: PixelSize(width: 1, height: 1)), PixelSize(width: 1, height: 1))
    }
}
