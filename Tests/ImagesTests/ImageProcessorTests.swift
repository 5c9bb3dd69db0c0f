import FeedModel
import Foundation
import ImageCodecs
import ImageTestSupport
@testable import Images
import XCTest

/// The processors: what options make, what their cache keys say, what they do to an image.
final class ImageProcessorTests: XCTestCase {
    /// The codecs' committed fixture `name`.
    private func fixture(_ name: String) throws -> FeedImage {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ImageCodecsTests/Fixtures/\(name)")
        let data = try Data(contentsOf: url)
        return FeedImage(url: "https://images.test/\(name)", info: try XCTUnwrap(ImageFormat.sniff(data)), path: nil, data: data)
    }

    func testOptionsMakeOneProcessorPerTransformationNamedInTheCacheKey() {
        XCTAssertEqual(ImageOptions.original.processor.identifier, "")
        XCTAssertEqual(ImageOptions.maxPixelSize(256).processor.identifier, "downsample(256x256)")
        XCTAssertEqual(ImageOptions(maxWidth: 120).processor.identifier, "downsample(120x*)")
        XCTAssertEqual(ImageOptions(format: .png).processor.identifier, "transcode(png)")
        XCTAssertEqual(ImageOptions(maxHeight: 64, format: .jpeg).processor.identifier, "downsample(*x64)>>transcode(jpeg)")
        let key = ImageRequest(url: "https://a/1.jpg", options: .maxPixelSize(64, format: .png)).cacheKey
        XCTAssertEqual(key, "downsample(64x64)>>transcode(png)\nhttps://a/1.jpg")
        XCTAssertEqual(ImageRequest(url: "https://a/1.jpg", options: .original).cacheKey, "https://a/1.jpg")
    }

    func testDownsamplingKeepsTheAspectRatioAndTheFormatNeverEnlargingAndKeepsWhatAlreadyFits() throws {
        let landscape = try fixture("landscape.jpg")  // 320x180
        let made = try XCTUnwrap(DownsamplingProcessor(target: .maxPixelSize(64)).process(landscape))
        XCTAssertEqual(made.info, ImageInfo(mimeType: "image/jpeg", width: 64, height: 36, byteCount: made.data.count))
        XCTAssertEqual(ImageFormat.sniff(made.data), made.info)
        XCTAssertNil(try DownsamplingProcessor(target: .maxPixelSize(320)).process(landscape), "fits: the original as it is")
        let webp = try XCTUnwrap(DownsamplingProcessor(target: ResizeTarget(maxWidth: 100, maxHeight: nil)).process(try fixture("landscape.webp")))
        XCTAssertEqual([webp.info.mimeType, "\(webp.info.width)x\(webp.info.height)"], ["image/png", "100x56"], "WebP is written as PNG")
    }

    func testTranscodingWritesTheFormatAndAStepChainDecodesOnce() throws {
        let png = try XCTUnwrap(TranscodingProcessor(format: .png).process(try fixture("landscape.jpg")))
        XCTAssertEqual([png.info.mimeType, "\(png.info.width)x\(png.info.height)"], ["image/png", "320x180"])
        XCTAssertNil(try TranscodingProcessor(format: .jpeg).process(try fixture("landscape.jpg")), "already JPEG at its size")
        let both = try XCTUnwrap(ImageOptions(maxWidth: 32, format: .jpeg).processor.process(try fixture("landscape.png")))
        XCTAssertEqual([both.info.mimeType, "\(both.info.width)x\(both.info.height)"], ["image/jpeg", "32x18"])
    }

    func testAnEXIFRotatedJPEGComesOutUprightAndAOnePixelImageStaysOnePixel() throws {
        let rotated = try fixture("orientation-6.jpg")  // stored sideways, upright 60x40
        let upright = try XCTUnwrap(TranscodingProcessor(format: .png).process(rotated))
        XCTAssertEqual("\(upright.info.width)x\(upright.info.height)", "60x40")
        let pixel = try XCTUnwrap(ImageOptions.maxPixelSize(64, format: .jpeg).processor.process(try fixture("pixel.png")))
        XCTAssertEqual("\(pixel.info.width)x\(pixel.info.height)", "1x1")
    }

    func testAGIFCannotBeResizedButIsServedAsItIsWhenNothingNeedsDoing() throws {
        let gif = FeedImage(url: "https://a/b.gif", info: ImageInfo(mimeType: "image/gif", width: 40, height: 30, byteCount: 10),
                            path: nil, data: Data(ImageFixtures.gif(width: 40, height: 30)))
        XCTAssertNil(try DownsamplingProcessor(target: .maxPixelSize(64)).process(gif))
        XCTAssertThrowsError(try DownsamplingProcessor(target: .maxPixelSize(16)).process(gif)) { error in
            XCTAssertEqual((error as? FeedError)?.reason, .unsupportedFormat)
        }
    }

    func testAMissingLibraryNamesItAndItsPackage() throws {
        let missing = CodecLibraries.system.overriding(environment: ["FEEDVM_SONAME_LIBJPEG": "libjpeg-absent.so.62"])
        var plan = CodecPlan()
        plan.target = .maxPixelSize(16)
        XCTAssertThrowsError(try plan.run(on: try fixture("landscape.jpg"), thumbnailer: Thumbnailer(libraries: missing))) { error in
            guard case .imageProcessing(let message, let url, .decoderUnavailable, let library?)? = error as? FeedError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(library, FeedError.MissingLibrary(soname: "libjpeg-absent.so.62", package: "libjpeg62-turbo"))
            XCTAssertTrue(message.contains("apt-get install libjpeg62-turbo"), message)
            XCTAssertEqual(url, "https://images.test/landscape.jpg")
        }
    }
}
