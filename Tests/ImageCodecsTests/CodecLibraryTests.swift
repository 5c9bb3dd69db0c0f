import ImageCodecs
import XCTest

final class CodecLibraryTests: XCTestCase {
    func testAMissingLibraryIsATypedErrorNamingItAndItsPackage() {
        let missing = CodecLibrary.jpeg.opened(as: "libjpeg.so.0-not-installed")
        XCTAssertThrowsError(try JPEGDecoder(library: missing).decode(Fixtures.bytes("pixel.jpg"))) { error in
            guard case .libraryUnavailable(let library, _)? = error as? ImageCodecError else { return XCTFail("\(error)") }
            XCTAssertEqual(library, missing)
            XCTAssertEqual((error as? ImageCodecError)?.reason, "decoderUnavailable")
            let text = "\(error)"
            XCTAssertTrue(text.contains("libjpeg") && text.contains("libjpeg.so.0-not-installed") && text.contains("apt-get install libjpeg62-turbo"), text)
        }
    }

    func testEveryDecoderAndTheJPEGEncoderReportTheirOwnLibrary() {
        let libraries = CodecLibraries(jpeg: CodecLibrary.jpeg.opened(as: "libjpeg.so.0-not-installed"),
                                       png: CodecLibrary.png.opened(as: "libpng16.so.0-not-installed"),
                                       webp: CodecLibrary.webp.opened(as: "libwebp.so.0-not-installed"))
        for (name, package) in [("pixel.jpg", "libjpeg62-turbo"), ("pixel.png", "libpng16-16"), ("pixel.webp", "libwebp7")] {
            XCTAssertThrowsError(try ImageDecoder(libraries: libraries).decode(Fixtures.bytes(name))) { error in
                XCTAssertTrue("\(error)".contains("apt-get install \(package)"), "\(error)")
            }
        }
        let image = PixelImage(width: 1, height: 1, layout: .rgb8, pixels: [1, 2, 3])
        XCTAssertThrowsError(try JPEGEncoder(library: libraries.jpeg).encode(image)) { error in
            XCTAssertEqual((error as? ImageCodecError)?.reason, "decoderUnavailable")
        }
    }

    func testAPresentLibraryLoadsAndAMissingOneLeavesTheOthersWorking() throws {
        let libraries = CodecLibraries(png: CodecLibrary.png.opened(as: "libpng16.so.0-not-installed"))
        XCTAssertNoThrow(try ImageDecoder(libraries: libraries).decode(Fixtures.bytes("pixel.jpg")))
    }

    func testTheEnvironmentCanRenameALibrary() {
        let libraries = CodecLibraries.system.overriding(environment: ["FEEDVM_SONAME_LIBWEBP": "libwebp.so.0-not-installed", "FEEDVM_SONAME_LIBPNG": ""])
        XCTAssertEqual(libraries.webp.soname, "libwebp.so.0-not-installed")
        XCTAssertEqual(libraries.png, .png)
        XCTAssertEqual(libraries.jpeg, .jpeg)
    }
}
