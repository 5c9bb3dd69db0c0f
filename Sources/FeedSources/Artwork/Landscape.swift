import ImageCodecs

/// A landscape: a sky gradient with a sun (or a moon and stars), layered mountain ridges that
/// fade into the haze with distance, and sometimes a lake mirroring the sky.
struct Landscape {
    /// The colours of one time of day.
    struct Palette {
        let zenith, horizon, sun, farRidge, nearRidge: UInt32
        let isNight: Bool
    }

    static let palettes: [Palette] = [
        Palette(zenith: 0x2B3A67, horizon: 0xF6A57A, sun: 0xFFE7B3, farRidge: 0x9A7BA6, nearRidge: 0x2D2545, isNight: false),
        Palette(zenith: 0x3B7FC4, horizon: 0xCDE9F6, sun: 0xFFF8E1, farRidge: 0x8FB3B0, nearRidge: 0x24493F, isNight: false),
        Palette(zenith: 0x1D1B3A, horizon: 0xFF7E5F, sun: 0xFFD29D, farRidge: 0x8A4F6E, nearRidge: 0x1E1228, isNight: false),
        Palette(zenith: 0x0B1026, horizon: 0x34477D, sun: 0xF1F0E4, farRidge: 0x2E3A62, nearRidge: 0x0A0F22, isNight: true),
        Palette(zenith: 0x5CA0D3, horizon: 0xEAF5FB, sun: 0xFFFFFF, farRidge: 0xAAB9CB, nearRidge: 0x34475C, isNight: false),
        Palette(zenith: 0x4E7FC8, horizon: 0xF7D9A8, sun: 0xFFF2CC, farRidge: 0xD59A64, nearRidge: 0x7A3F22, isNight: false),
    ]

    let palette: Palette
    let ridgeCount: Int
    /// Per ridge: base line and amplitude (fractions of the height), wave numbers and phases.
    let ridges: [(base: Float, amplitude: Float, waves: SIMD3<Float>, phases: SIMD3<Float>, sharp: Bool)]
    let sun: (x: Float, y: Float, radius: Float)
    let waterLine: Float?

    init(random: inout SeededRandom) {
        palette = random.pick(Self.palettes)
        let count = 2 + random.below(3)
        let water: Float? = random.below(2) == 0 ? random.float(0.72...0.82) : nil
        let lowest: Float = water.map { $0 - 0.06 } ?? 0.8
        ridgeCount = count
        waterLine = water
        ridges = (0..<count).map { layer in
            let depth = Float(layer) / Float(max(count - 1, 1))
            return (base: 0.46 + (lowest - 0.46) * depth,
                    amplitude: random.float(0.16...0.28) * (1 - 0.55 * depth),
                    waves: SIMD3(random.float(0.8...1.8), random.float(2.5...4.5), random.float(6...9)) * (1 + 0.5 * depth),
                    phases: SIMD3(random.float(0...6.28), random.float(0...6.28), random.float(0...6.28)),
                    sharp: layer == 0 || (layer == 1 && count > 2))
        }
        sun = (x: random.float(0.15...0.85), y: random.float(0.14...0.34), radius: random.float(0.07...0.11))
    }

    func paint(_ canvas: inout RGBCanvas) {
        let (width, height) = (Float(canvas.width), Float(canvas.height))
        let zenith = PNGEncoder.Color(hex: palette.zenith).vector
        let horizon = PNGEncoder.Color(hex: palette.horizon).vector
        let sunColor = PNGEncoder.Color(hex: palette.sun).vector
        let far = PNGEncoder.Color(hex: palette.farRidge).vector, near = PNGEncoder.Color(hex: palette.nearRidge).vector
        // Per column: each ridge's top in pixels; per ridge: its colour, hazier with distance.
        let tops: [[Float]] = ridges.map { ridge in
            (0..<canvas.width).map { column in
                let u = Float(column) / width * 6.2832
                let s = SIMD3(sine(u * ridge.waves.x + ridge.phases.x), sine(u * ridge.waves.y + ridge.phases.y), sine(u * ridge.waves.z + ridge.phases.z))
                // Mountains: folded sines make peaks; hills: plain sines roll.
                let shape = ridge.sharp ? 1 - abs(s.x) * 0.62 - abs(s.y) * 0.3 - abs(s.z) * 0.08 : 0.5 + s.x * 0.32 + s.y * 0.14 + s.z * 0.04
                return (ridge.base - ridge.amplitude * shape) * height
            }
        }
        let colours: [SIMD3<Float>] = (0..<ridgeCount).map { layer in
            let depth = Float(layer) / Float(max(ridgeCount - 1, 1))
            return far.mixed(with: near, depth).mixed(with: horizon, 0.35 * (1 - depth))
        }
        let sunX = sun.x * width, sunY = sun.y * height, radius = sun.radius * min(width, height) + 2
        let glow = radius * 3.2
        let water = waterLine.map { $0 * height }
        let night = palette.isNight
        func sky(_ y: Float) -> SIMD3<Float> {
            let t = min(max(y / (height * 0.8), 0), 1)
            return zenith.mixed(with: horizon, t * t * (3 - 2 * t))
        }
        func skyWithSun(_ x: Float, _ y: Float, _ column: Int, _ row: Int) -> SIMD3<Float> {
            var colour = sky(y)
            if night, hash(column, row) % 173 == 0, y < height * 0.6 { colour = colour.mixed(with: SIMD3(repeating: 255), 0.8) }
            let dx = x - sunX, dy = y - sunY
            if abs(dx) < glow, abs(dy) < glow {
                let distance = (dx * dx + dy * dy).squareRoot()
                if distance < radius {
                    colour = sunColor.mixed(with: colour, max(distance - radius + 1.2, 0) / 1.2 * 0.5)
                } else if distance < glow {
                    let falloff = 1 - (distance - radius) / (glow - radius)
                    colour = colour.mixed(with: sunColor, falloff * falloff * 0.45)
                }
            }
            return colour
        }
        canvas.paint { column, row in
            let x = Float(column), y = Float(row)
            if let water, y >= water {
                // The lake mirrors the sky above the water line, darker, with ripples.
                let mirrored = sky(max(water - (y - water) * 1.6, 0))
                let ripple: Float = (row + column / 11) % 6 == 0 ? 0.16 : 0
                return mirrored.mixed(with: near, 0.38 - ripple)
            }
            // The nearest ridge covering the whole pixel hides everything behind it; nearer
            // ridges whose edge crosses the pixel blend over it (antialiased ridge lines).
            var nearestFull = -1
            for layer in stride(from: ridgeCount - 1, through: 0, by: -1) where y - tops[layer][column] >= 0.5 {
                nearestFull = layer
                break
            }
            func ridge(_ layer: Int) -> SIMD3<Float> {
                // Darker down the slope: light catches the ridge line.
                let shade = min((y - tops[layer][column]) / (height * 0.25), 1)
                return colours[layer].mixed(with: colours[layer] * 0.82, max(shade, 0))
            }
            var colour = nearestFull >= 0 ? ridge(nearestFull) : skyWithSun(x, y, column, row)
            for layer in (nearestFull + 1)..<ridgeCount {
                let coverage = y - tops[layer][column] + 0.5
                if coverage > 0 { colour = colour.mixed(with: ridge(layer), coverage) }
            }
            return colour
        }
    }
}

/// A sine good to about 0.1% for any angle, cheaper than Foundation's (Bhaskara-style
/// parabola on a reduced angle); the pictures need smooth waves, not precision.
func sine(_ angle: Float) -> Float {
    var x = angle.truncatingRemainder(dividingBy: 6.2832)
    if x < 0 { x += 6.2832 }
    let sign: Float = x > 3.1416 ? -1 : 1
    if x > 3.1416 { x -= 3.1416 }
    let y = 4 * x * (3.1416 - x) / (3.1416 * 3.1416)
    return sign * (0.775 * y + 0.225 * y * y)
}

/// A well-mixed hash of a pixel position (for sparse stars and grain).
func hash(_ x: Int, _ y: Int) -> UInt32 {
    var h = UInt32(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663)
    h ^= h >> 13
    h = h &* 0x5BD1_E995
    return h ^ h >> 15
}
