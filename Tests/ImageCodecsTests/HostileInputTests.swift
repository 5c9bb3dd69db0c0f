import FeedVMTestSupport
import ImageCodecs
import XCTest

/// Truncated, corrupt and oversized files are typed errors; none crashes the process.
final class HostileInputTests: XCTestCase {
    func testTruncatedFilesOfEveryFormatAreErrors() {
        for name in ["landscape.jpg", "portrait-progressive.jpg", "landscape.png", "landscape.webp", "large-4000x3000.jpg"] {
            let bytes = Fixtures.bytes(name)
            for keep in [bytes.count * 2 / 3, bytes.count / 3, 40, 12, 3, 0] {
                XCTAssertThrowsError(try ImageDecoder().decode(Array(bytes.prefix(keep))), "\(name) cut to \(keep)") { error in
                    let reason = (error as? ImageCodecError)?.reason
                    XCTAssertTrue(["truncatedImage", "corruptImage", "unsupportedFormat"].contains(reason), "\(name) cut to \(keep): \(error)")
                }
            }
        }
    }

    func testACutJPEGSaysItIsTruncated() {
        let bytes = Fixtures.bytes("landscape.jpg")
        XCTAssertThrowsError(try JPEGDecoder().decode(Array(bytes.prefix(bytes.count / 2)))) { error in
            XCTAssertEqual((error as? ImageCodecError)?.reason, "truncatedImage", "\(error)")
        }
    }

    func testCorruptBytesAfterAValidHeaderAreErrorsOrPixelsNeverACrash() {
        var generator = SplitMix64(seed: 27)
        for name in ["landscape.jpg", "portrait-progressive.jpg", "landscape.png", "landscape.webp", "alpha.webp"] {
            let original = Fixtures.bytes(name)
            for _ in 0..<40 {
                var bytes = original
                for _ in 0..<8 { bytes[Int(generator.next() % UInt64(bytes.count - 20)) + 20] = UInt8(truncatingIfNeeded: generator.next()) }
                do {
                    let decoded = try ImageDecoder().decode(bytes)
                    XCTAssertGreaterThan(decoded.image.pixels.count, 0)
                } catch {
                    XCTAssertNotEqual(error.codecReason, "decoderUnavailable")
                }
            }
        }
    }

    func testHugeDeclaredDimensionsAreRefusedBeforeAllocating() {
        // The 1-pixel JPEG's frame header rewritten to 60000x60000 (3.6 gigapixels).
        var jpeg = Fixtures.bytes("pixel.jpg")
        let frame = (0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }!
        jpeg.replaceSubrange(frame + 5..<frame + 9, with: [0xEA, 0x60, 0xEA, 0x60])
        XCTAssertThrowsError(try JPEGDecoder().decode(jpeg)) { error in
            XCTAssertEqual(error as? ImageCodecError, .tooLarge(width: 60000, height: 60000, limit: DecodeOptions.defaultMaxPixels))
            XCTAssertEqual((error as? ImageCodecError)?.reason, "imageTooLarge")
        }
        // At 1/8 for a small target it would be 7500x7500: still over a 50-megapixel limit.
        XCTAssertThrowsError(try JPEGDecoder().decode(jpeg, options: DecodeOptions(target: .maxPixelSize(64), maxPixels: 50_000_000))) { error in
            XCTAssertEqual(error as? ImageCodecError, .tooLarge(width: 7500, height: 7500, limit: 50_000_000))
        }

        // The 1-pixel PNG's header rewritten to 20000x20000, its CRC recomputed.
        var png = Fixtures.bytes("pixel.png")
        png.replaceSubrange(16..<24, with: [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20])
        let crc = TestCRC32.checksum(png[12..<29])
        png.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        XCTAssertThrowsError(try PNGDecoder().decode(png)) { error in
            XCTAssertEqual(error as? ImageCodecError, .tooLarge(width: 20000, height: 20000, limit: DecodeOptions.defaultMaxPixels))
        }
    }

    func testAProgressiveJPEGWhoseCoefficientsWouldNotFitIsRefusedByLibjpeg() {
        // 60000x60000 progressive: 7500x7500 at 1/8 passes the pixel limit, but libjpeg keeps
        // every coefficient of a progressive file (gigabytes here), over its memory cap.
        var jpeg = Fixtures.bytes("portrait-progressive.jpg")
        let frame = (0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC2 }!
        jpeg.replaceSubrange(frame + 5..<frame + 9, with: [0xEA, 0x60, 0xEA, 0x60])
        XCTAssertThrowsError(try JPEGDecoder().decode(jpeg, options: DecodeOptions(target: .maxPixelSize(64)))) { error in
            XCTAssertEqual(error as? ImageCodecError, .outOfMemory(format: "image/jpeg"))
        }
    }

    func testUnknownBytesAreNoFormat() {
        XCTAssertThrowsError(try ImageDecoder().decode([UInt8]("hello, not an image".utf8))) { error in
            XCTAssertEqual(error as? ImageCodecError, .unsupportedFormat(nil))
        }
        XCTAssertThrowsError(try ImageDecoder().decode([UInt8]()))
    }
}

extension Error {
    /// The codec error's wire reason, or `nil` for other errors.
    var codecReason: String? { (self as? ImageCodecError)?.reason }
}

/// CRC-32 (ISO-HDLC), for rewriting a PNG chunk in a test.
enum TestCRC32 {
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
