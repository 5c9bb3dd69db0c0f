import ImageCodecs

/// A Bauhaus-style composition: a grid of cells, each a flat colour carrying one shape (a
/// circle, a half or quarter disc, a triangle, rings or stripes) in another colour.
struct BauhausComposition {
    static let palettes: [[UInt32]] = [
        [0xF2E8D5, 0xE63946, 0x1D3557, 0xF4A261, 0x2A9D8F],
        [0xF6F1E7, 0xD62828, 0x003049, 0xFCBF49, 0xEAE2B7],
        [0xFFFAF0, 0xEF476F, 0xFFD166, 0x06D6A0, 0x118AB2],
        [0xEDE6DB, 0x264653, 0xE76F51, 0xE9C46A, 0x8AB17D],
        [0xF3EFE0, 0x22223B, 0xC9ADA7, 0x9A8C98, 0xF2A65A],
    ]

    enum Shape: CaseIterable { case disc, halfDisc, quarterDisc, triangle, rings, stripes }

    struct Cell {
        let background, foreground: SIMD3<Float>
        let shape: Shape
        /// Which way a half/quarter disc or triangle faces (0...3).
        let turn: Int
    }

    let columns, rows: Int
    let cells: [Cell]

    init(random: inout SeededRandom, width: Int, height: Int) {
        let palette = random.pick(Self.palettes).map { PNGEncoder.Color(hex: $0).vector }
        columns = width > height * 13 / 10 ? 3 : 2
        rows = height > width * 13 / 10 ? 3 : 2
        var cells: [Cell] = []
        for index in 0..<(columns * rows) {
            let background = palette[(index + random.below(palette.count)) % palette.count]
            var foreground = random.pick(palette)
            while foreground == background { foreground = random.pick(palette) }
            let shape = random.pick(Shape.allCases)
            // Round shapes are not turned: a turn would stretch them in a non-square cell.
            let turn = random.below(4)
            cells.append(Cell(background: background, foreground: foreground, shape: shape, turn: shape == .disc || shape == .rings ? 0 : turn))
        }
        self.cells = cells
    }

    func paint(_ canvas: inout RGBCanvas) {
        let cellWidth = Float(canvas.width) / Float(columns), cellHeight = Float(canvas.height) / Float(rows)
        let columnOf = (0..<canvas.width).map { min(Int(Float($0) / cellWidth), columns - 1) }
        let pixel = 2 / min(cellWidth, cellHeight)  // one pixel in cell units: the edges' blur
        canvas.paint { x, y in
            let row = min(Int(Float(y) / cellHeight), rows - 1), column = columnOf[x]
            let cell = cells[row * columns + column]
            // Position inside the cell, -1...1 on both axes, turned to the cell's orientation.
            var u = (Float(x) - Float(column) * cellWidth) / cellWidth * 2 - 1
            var v = (Float(y) - Float(row) * cellHeight) / cellHeight * 2 - 1
            for _ in 0..<cell.turn { (u, v) = (-v, u) }
            return cell.background.mixed(with: cell.foreground, cell.coverage(u, v, aspect: cellWidth / cellHeight, pixel: pixel))
        }
    }
}

extension BauhausComposition.Cell {
    /// How much of the pixel at (u, v) of the cell (-1...1; `aspect` = width / height) the
    /// shape covers, 0...1: edges are antialiased over one `pixel` (in cell units).
    func coverage(_ u: Float, _ v: Float, aspect: Float, pixel: Float) -> Float {
        // Inside by `distance` cell units (negative: outside) -> coverage of the pixel.
        func inside(_ distance: Float) -> Float { min(max(distance / pixel + 0.5, 0), 1) }
        // Circles stay round in non-square cells: measure in units of the shorter side.
        let su = aspect > 1 ? u * aspect : u, sv = aspect < 1 ? v / aspect : v
        func circle(_ cx: Float, _ cy: Float, _ radius: Float) -> Float {
            radius - ((su - cx) * (su - cx) + (sv - cy) * (sv - cy)).squareRoot()
        }
        switch shape {
        case .disc: return inside(circle(0, 0, 0.75))
        case .halfDisc: return inside(min(circle(0, 1, 1.26), v, 1 - sv))
        case .quarterDisc: return inside(circle(-1, -1, 1.79))
        case .triangle: return inside((v - u) * 0.7071)
        case .rings:
            let d = circle(0, 0, 0)  // minus the distance from the centre
            return max(inside(min(0.84 + d, -0.65 - d)), inside(0.35 + d))
        case .stripes:
            let phase = (u + 1) * 3.5
            let edge = min(phase - phase.rounded(.down), phase.rounded(.up) - phase) / 3.5
            return Int(phase) % 2 == 0 ? inside(edge) : 1 - inside(edge)
        }
    }
}
