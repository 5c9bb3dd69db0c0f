import Foundation
@testable import ImageCodecs
import XCTest

final class ImageBytesTests: XCTestCase {
    func testCRC32MatchesTheStandardCheckValue() {
        XCTAssertEqual(CRC32.checksum(Array("123456789".utf8)), 0xCBF4_3926)
    }

    func testAdler32MatchesKnownValues() {
        XCTAssertEqual(Adler32.checksum(Array("Wikipedia".utf8)), 0x11E6_0398)
        XCTAssertEqual(Adler32.checksum([UInt8](repeating: 0xFF, count: 100_000)), Self.slowAdler(Array(repeating: 0xFF, count: 100_000)))
    }

    private static func slowAdler(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return b << 16 | a
    }

    func testGeneratedPNGHasValidChunksAndSniffsToItsSize() throws {
        let png = PNGEncoder.gradient(width: 40, height: 30, top: .init(red: 255, green: 0, blue: 0), bottom: .init(red: 0, green: 0, blue: 255))
        XCTAssertEqual(ImageFormat.sniff(png), ImageInfo(mimeType: "image/png", width: 40, height: 30, byteCount: png.count))
        var offset = 8
        var types: [String] = []
        while offset < png.count {
            let length = Int(png[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            let typeAndData = png[offset + 4..<offset + 8 + length]
            let stored = png[offset + 8 + length..<offset + 12 + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            XCTAssertEqual(CRC32.checksum(typeAndData), stored)
            types.append(String(decoding: typeAndData.prefix(4), as: UTF8.self))
            offset += 12 + length
        }
        XCTAssertEqual(types, ["IHDR", "IDAT", "IEND"])
    }

    func testGeneratedPNGDecompressesWithARealInflater() throws {
        // python3's zlib is an independent inflater: it verifies the deflate data and Adler-32.
        guard let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("python3 not installed")
        }
        let png = PNGEncoder.gradient(width: 300, height: 200, top: .init(red: 1, green: 2, blue: 3), bottom: .init(red: 200, green: 100, blue: 50))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("feed-\(UUID().uuidString).png")
        try Data(png).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = """
            import sys, zlib, struct
            d = open(sys.argv[1], 'rb').read(); o = 8; idat = b''
            while o < len(d):
                n = struct.unpack('>I', d[o:o+4])[0]; t = d[o+4:o+8]
                if t == b'IDAT': idat += d[o+8:o+8+n]
                o += 12 + n
            print(len(zlib.decompress(idat)))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(output.trimmingCharacters(in: .whitespacesAndNewlines), "\((300 * 3 + 1) * 200)")
    }
}
