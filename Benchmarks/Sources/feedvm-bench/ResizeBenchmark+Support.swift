import Foundation
import ImageCodecs
import Locking

/// Photo-like pixels: smooth light, a horizon, textured ground and sensor-like noise, so a
/// JPEG of them costs what a camera's does to decode (about 2-3 MB at 12 megapixels, quality 90).
enum SyntheticPhoto {
    static func image(seed: UInt64, size: PixelSize) -> PixelImage {
        var random = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 1)
        let tint = (0..<3).map { _ in Double(random.next() % 80) + 60 }
        let horizon = size.height / 3 + Int(random.next() % UInt64(size.height / 3))
        let waves = (0..<4).map { _ in Double(random.next() % 40 + 8) / Double(size.width) * .pi * 2 }
        let columns = (0..<size.width).map { x in waves.reduce(0.0) { $0 + sin(Double(x) * $1) } * 18 }
        return PixelImage(width: size.width, height: size.height, layout: .rgb8,
                          pixels: pixels(size, tint: tint, horizon: horizon, columns: columns, random: &random))
    }

    private static func pixels(_ size: PixelSize, tint: [Double], horizon: Int, columns: [Double], random: inout SplitMix64) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: size.width * size.height * 3)
        pixels.withUnsafeMutableBufferPointer { out in
            var noise = random.next() | 1
            for y in 0..<size.height {
                let sky = y < horizon
                let light = sky ? 190 - Double(y) / Double(horizon) * 60 : 90 + sin(Double(y) * 0.07) * 25
                for x in 0..<size.width {
                    noise ^= noise << 13; noise ^= noise >> 7; noise ^= noise << 17
                    let grain = Double(Int(noise & 15) - 8) * (sky ? 0.5 : 2.2)
                    let texture = sky ? 0 : columns[x] + Double(Int(noise >> 8 & 31) - 16)
                    for channel in 0..<3 {
                        let value = light + texture + grain + (tint[channel] - 100) * (sky ? 0.6 : 0.9)
                        out[(y * size.width + x) * 3 + channel] = UInt8(max(0, min(255, value)))
                    }
                }
            }
        }
        return pixels
    }
}

/// SplitMix64: a seeded, reproducible generator.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Hands out indices 0, 1, 2... to worker threads.
final class Counter: Sendable {
    private let value = Locked(0)
    func take(below limit: Int) -> Int? {
        value.withLock { value in
            guard value < limit else { return nil }
            defer { value += 1 }
            return value
        }
    }
}

/// Errors collected from worker threads.
final class Failures: Sendable {
    private let messages = Locked<[String]>([])
    func add(_ message: String) { messages.withLock { $0.append(message) } }
    struct Failed: Error, CustomStringConvertible { let description: String }
    func check() throws {
        let all = messages.current
        if !all.isEmpty { throw Failed(description: "\(all.count) failed, first: \(all[0])") }
    }
}
