import ImageCodecs
import XCTest

final class ResamplerTests: XCTestCase {
    /// A `size` x `size` checkerboard of 1-pixel black and white squares.
    private func checkerboard(_ size: Int, layout: PixelLayout = .rgb8) -> PixelImage {
        var pixels: [UInt8] = []
        for y in 0..<size {
            for x in 0..<size {
                let value: UInt8 = (x + y) % 2 == 0 ? 0 : 255
                pixels += [value, value, value] + (layout == .rgba8 ? [255] : [])
            }
        }
        return PixelImage(width: size, height: size, layout: layout, pixels: pixels)
    }

    func testADownscaledCheckerboardAveragesToGrey() {
        // Nearest neighbour would pick only black or only white pixels at these ratios.
        for filter in [ResamplingFilter.lanczos3, .area] {
            for result in [25, 32, 37] {
                let image = Resampler(filter: filter).resize(checkerboard(100), to: PixelSize(width: result, height: result))
                XCTAssertEqual(image.size, PixelSize(width: result, height: result))
                let values = image.pixels.map(Int.init)
                XCTAssertLessThanOrEqual(values.max()! - values.min()!, 64, "\(filter) to \(result)")
                let mean = values.reduce(0, +) / values.count
                XCTAssertEqual(mean, 127, accuracy: 6, "\(filter) to \(result)")
            }
        }
    }

    func testAFlatFieldStaysExactlyFlat() {
        let flat = PixelImage(width: 97, height: 61, layout: .rgb8, pixels: [UInt8](repeating: 200, count: 97 * 61 * 3))
        for filter in [ResamplingFilter.lanczos3, .area] {
            for size in [PixelSize(width: 13, height: 7), PixelSize(width: 96, height: 60), PixelSize(width: 1, height: 1)] {
                let result = Resampler(filter: filter).resize(flat, to: size)
                XCTAssertEqual(Set(result.pixels), [200], "\(filter) to \(size)")
            }
        }
    }

    func testAreaAveragingByAnIntegerFactorIsTheMeanOfEachBlock() {
        let image = PixelImage(width: 4, height: 2, layout: .rgb8, pixels: [
            0, 0, 0, 100, 100, 100, 10, 10, 10, 30, 30, 30,
            200, 200, 200, 100, 100, 100, 50, 50, 50, 70, 70, 70,
        ])
        let result = Resampler(filter: .area).resize(image, to: PixelSize(width: 2, height: 1))
        XCTAssertEqual(result.pixels, [100, 100, 100, 40, 40, 40])
    }

    func testTransparentPixelsLendNoColour() {
        // Opaque white beside transparent red: the average is white at half alpha, not pink.
        let image = PixelImage(width: 2, height: 1, layout: .rgba8, pixels: [255, 255, 255, 255, 255, 0, 0, 0])
        let result = Resampler(filter: .area).resize(image, to: PixelSize(width: 1, height: 1))
        assertColor(result, 0, 0, [255, 255, 255, 128], tolerance: 1)
    }

    func testFitsATargetKeepingTheAspectRatio() {
        let result = Resampler().resize(checkerboard(50), fitting: ResizeTarget(maxWidth: 10, maxHeight: 40))
        XCTAssertEqual(result.size, PixelSize(width: 10, height: 10))
    }
}
