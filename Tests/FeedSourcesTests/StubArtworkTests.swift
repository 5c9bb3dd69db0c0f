@testable import FeedSources
import ImageCodecs
import XCTest

/// The stub catalog's generated pictures: deterministic, varied, real PNGs.
final class StubArtworkTests: XCTestCase {
    private let seeds: [UInt32] = (0..<36).map { CRC32.checksum(Array("iOS/\($0 + 1).png".utf8)) }

    func testTheSameSeedPaintsTheSamePictureAndOtherSeedsOthers() {
        let first = StubArtwork.png(seed: seeds[0], width: 120, height: 90)
        XCTAssertEqual(StubArtwork.png(seed: seeds[0], width: 120, height: 90), first)
        let distinct = Set(seeds.map { StubArtwork.canvas(seed: $0, width: 64, height: 48).pixels })
        XCTAssertEqual(distinct.count, seeds.count)
    }

    func testPicturesAreScenesNotGradients() {
        // A vertical gradient repeats one colour across every row; a scene does not, and uses
        // several colours (a flat Bauhaus palette has five).
        for seed in seeds {
            let canvas = StubArtwork.canvas(seed: seed, width: 96, height: 64)
            let rowsWithDetail = (0..<canvas.height).filter { y in
                let row = canvas.pixels[(y * canvas.width * 3)..<((y + 1) * canvas.width * 3)]
                return Set(stride(from: row.startIndex, to: row.endIndex, by: 3).map { Array(row[$0..<$0 + 3]) }).count > 1
            }
            XCTAssertGreaterThan(rowsWithDetail.count, canvas.height / 2, "seed \(seed)")
            let colours = Set(stride(from: 0, to: canvas.pixels.count, by: 3).map { Array(canvas.pixels[$0..<$0 + 3]) })
            XCTAssertGreaterThan(colours.count, 3, "seed \(seed)")
        }
    }

    func testThePNGHoldsTheCanvasWithValidChecksums() throws {
        for (width, height) in [(1, 1), (96, 64), (255, 191), (300, 250)] {
            let canvas = StubArtwork.canvas(seed: seeds[width % seeds.count], width: width, height: height)
            let png = PNGEncoder.encode(canvas)
            XCTAssertEqual(ImageFormat.sniff(png), ImageInfo(mimeType: "image/png", width: width, height: height, byteCount: png.count))
            let idat = try chunkData(png, type: "IDAT")
            let raw = try inflateStored(idat)
            var expected: [UInt8] = []
            for y in 0..<height { expected += [0] + canvas.pixels[(y * width * 3)..<((y + 1) * width * 3)] }
            XCTAssertEqual(raw, expected, "\(width)x\(height)")
        }
    }

    func testAnItemsThumbnailIsItsPictureAtHalfTheSize() throws {
        let catalog = StubCatalog()
        let items = (0..<6).map { catalog.item(category: "iOS", position: $0) }
        let pictures = try items.map { item in
            (full: try pixels(of: try XCTUnwrap(StubCatalog.imageData(for: item.imageURL!))),
             thumbnail: try pixels(of: try XCTUnwrap(StubCatalog.imageData(for: try XCTUnwrap(item.thumbnailURL)))))
        }
        for (item, picture) in zip(items, pictures) {
            XCTAssertEqual([picture.full.width, picture.full.height], [item.width!, item.height!])
            XCTAssertEqual([picture.thumbnail.width, picture.thumbnail.height], [item.width! / 2, item.height! / 2])
        }
        // The full picture shrunk 2:1 is close to the thumbnail, and far from the thumbnail of
        // another category's item of the same size.
        for (index, picture) in pictures.enumerated() {
            let shrunk = halved(picture.full)
            let same = meanDifference(shrunk, picture.thumbnail)
            XCTAssertLessThan(same, 6, "\(items[index].id)")
            let neighbour = catalog.item(category: "Android", position: index)
            let other = try pixels(of: try XCTUnwrap(StubCatalog.imageData(for: try XCTUnwrap(neighbour.thumbnailURL))))
            XCTAssertGreaterThan(meanDifference(shrunk, other), 4 * same, "\(items[index].id) against \(neighbour.id)")
        }
    }

    /// The RGB pixels of a PNG this encoder wrote.
    private func pixels(of png: [UInt8]) throws -> RGBCanvas {
        let header = try chunkData(png, type: "IHDR")
        let width = Int(header[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        let height = Int(header[4..<8].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        let raw = try inflateStored(try chunkData(png, type: "IDAT"))
        var canvas = RGBCanvas(width: width, height: height)
        for y in 0..<height {
            canvas.pixels.replaceSubrange((y * width * 3)..<((y + 1) * width * 3), with: raw[(y * (width * 3 + 1) + 1)..<((y + 1) * (width * 3 + 1))])
        }
        return canvas
    }

    /// `canvas` at half its width and height, each pixel the mean of a 2 x 2 block.
    private func halved(_ canvas: RGBCanvas) -> RGBCanvas {
        var half = RGBCanvas(width: canvas.width / 2, height: canvas.height / 2)
        half.paint { x, y in
            var sum = SIMD3<Float>.zero
            for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                let offset = ((2 * y + dy) * canvas.width + 2 * x + dx) * 3
                sum += SIMD3(Float(canvas.pixels[offset]), Float(canvas.pixels[offset + 1]), Float(canvas.pixels[offset + 2]))
            }
            return sum / 4
        }
        return half
    }

    /// The mean absolute difference of two same-sized canvases' channels, 0...255.
    private func meanDifference(_ a: RGBCanvas, _ b: RGBCanvas) -> Double {
        Double(zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.pixels.count)
    }

    /// The data of the first chunk of `type`, after checking every chunk's CRC.
    private func chunkData(_ png: [UInt8], type: String) throws -> [UInt8] {
        var offset = 8
        var found: [UInt8]?
        while offset < png.count {
            let length = Int(png[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            let typeAndData = Array(png[offset + 4..<offset + 8 + length])
            let stored = png[offset + 8 + length..<offset + 12 + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            XCTAssertEqual(CRC32.checksum(typeAndData), stored)
            if found == nil, String(decoding: typeAndData.prefix(4), as: UTF8.self) == type { found = Array(typeAndData.dropFirst(4)) }
            offset += 12 + length
        }
        return try XCTUnwrap(found)
    }

    /// The bytes of a zlib stream made of stored deflate blocks, checking lengths and Adler-32.
    private func inflateStored(_ stream: [UInt8]) throws -> [UInt8] {
        XCTAssertEqual((UInt16(stream[0]) << 8 | UInt16(stream[1])) % 31, 0)
        var output: [UInt8] = []
        var offset = 2
        var final = false
        while !final {
            final = stream[offset] & 1 == 1
            XCTAssertEqual(stream[offset] >> 1 & 3, 0, "stored block")
            let length = Int(stream[offset + 1]) | Int(stream[offset + 2]) << 8
            let complement = Int(stream[offset + 3]) | Int(stream[offset + 4]) << 8
            XCTAssertEqual(length ^ 0xFFFF, complement)
            output += stream[offset + 5..<offset + 5 + length]
            offset += 5 + length
        }
        let adler = stream[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        XCTAssertEqual(Adler32.checksum(output), adler)
        XCTAssertEqual(offset + 4, stream.count)
        return output
    }
}
