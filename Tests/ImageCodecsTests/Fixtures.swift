import Foundation
import ImageCodecs
import XCTest

/// The committed image files in Fixtures/ (made by Fixtures/make-fixtures.sh).
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The bytes of `name`.
    static func bytes(_ name: String) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else {
            fatalError("missing fixture \(name)")
        }
        return [UInt8](data)
    }
}

/// Asserts that the pixel at (`x`, `y`) is within `tolerance` of `expected` on every channel.
func assertColor(_ image: PixelImage, _ x: Int, _ y: Int, _ expected: [UInt8], tolerance: Int = 24,
                 _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    let actual = Array(image[x, y])
    let close = zip(actual, expected).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    XCTAssertTrue(close, "pixel (\(x), \(y)) is \(actual), expected \(expected) ± \(tolerance) \(message)", file: file, line: line)
}
