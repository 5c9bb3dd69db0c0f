import ImageCodecs

/// Soft colour blobs melting into each other over a diagonal gradient, like a mesh gradient.
struct SoftBlobs {
    static let palettes: [[UInt32]] = [
        [0xFF9A8B, 0xFF6A88, 0xFFD3A5, 0x8E7CC3],
        [0xA18CD1, 0xFBC2EB, 0x84FAB0, 0x8FD3F4],
        [0x43CEA2, 0x185A9D, 0xF8FFAE, 0x6DD5ED],
        [0xFCCB90, 0xD57EEB, 0x5EE7DF, 0xB490CA],
        [0x2B1055, 0x7597DE, 0xF953C6, 0xFFB199],
        [0xF6D365, 0xFDA085, 0x96E6A1, 0xD4FC79],
    ]

    struct Blob {
        let x, y, inverseRadiusSquared: Float
        let colour: SIMD3<Float>
    }

    let base: (SIMD3<Float>, SIMD3<Float>)
    let blobs: [Blob]

    init(random: inout SeededRandom) {
        let palette = random.pick(Self.palettes).map { PNGEncoder.Color(hex: $0).vector }
        base = (palette[0], palette[1])
        blobs = (0..<4).map { index in
            let radius = random.float(0.22...0.45)
            return Blob(x: random.float(-0.1...1.1), y: random.float(-0.1...1.1), inverseRadiusSquared: 1 / (radius * radius),
                        colour: palette[(index + 1) % palette.count])
        }
    }

    func paint(_ canvas: inout RGBCanvas) {
        let width = Float(canvas.width), height = Float(canvas.height)
        let scale = 1 / max(width, height)
        canvas.paint { x, y in
            let u = Float(x) * scale, v = Float(y) * scale
            var colour = base.0.mixed(with: base.1, (Float(x) / width + Float(y) / height) * 0.5)
            var weight: Float = 1
            for blob in blobs {
                let dx = u - blob.x, dy = v - blob.y
                let falloff = 1 / (1 + (dx * dx + dy * dy) * blob.inverseRadiusSquared)
                let w = falloff * falloff * 3
                colour += blob.colour * w
                weight += w
            }
            // A faint grain keeps large smooth areas from banding.
            let grain = Float(hash(x, y) & 7) - 3.5
            return colour / weight + grain
        }
    }
}
