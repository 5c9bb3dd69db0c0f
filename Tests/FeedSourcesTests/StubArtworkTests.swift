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

    func testThePNGHoldsTheCanvasExactly() throws {
        // libpng checks every chunk's CRC and the zlib stream's Adler-32 while it decodes.
        for (width, height) in [(1, 1), (96, 64), (255, 191), (300, 250)] {
            let canvas = StubArtwork.canvas(seed: seeds[width % seeds.count], width: width, height: height)
            let png = PNGEncoder.encode(canvas)
            XCTAssertEqual(ImageFormat.sniff(png), ImageInfo(mimeType: "image/png", width: width, height: height, byteCount: png.count))
            XCTAssertEqual(try pixels(of: png).pixels, canvas.pixels, "\(width)x\(height)")
        }
    }

    func testThePNGIsCompressed() {
        // Stored deflate blocks would make a 192x128 picture 73,929 bytes: its pixels plus framing.
        for seed in seeds.prefix(6) {
            let png = StubArtwork.png(seed: seed, width: 192, height: 128)
            XCTAssertLessThan(png.count, 73_929 / 2, "seed \(seed)")
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

    /// The RGB pixels of a PNG this encoder wrote, read back by libpng.
    private func pixels(of png: [UInt8]) throws -> RGBCanvas {
        let image = try PNGDecoder().decode(png).image
        XCTAssertEqual(image.layout, .rgb8)
        var canvas = RGBCanvas(width: image.width, height: image.height)
        canvas.pixels = image.pixels
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
}
