/// PNG's per-row prediction filters (None, Sub, Up, Average, Paeth), chosen row by row with
/// libpng's heuristic: the filter whose output has the smallest sum of absolute values as
/// signed bytes, which deflate then compresses best.
enum PNGRowFilter {
    /// The filtered scanlines of `pixels` (`height` rows of `rowBytes`, `bytesPerPixel` apart):
    /// each row is its filter type byte then its filtered bytes, as IDAT's inflated data is.
    static func filter(_ pixels: UnsafeBufferPointer<UInt8>, rowBytes: Int, height: Int, bytesPerPixel: Int) -> [UInt8] {
        let stride = rowBytes + 1
        let zeros = [UInt8](repeating: 0, count: rowBytes)
        var candidate = [UInt8](repeating: 0, count: rowBytes)
        return [UInt8](unsafeUninitializedCapacity: stride * height) { output, initialized in
            zeros.withUnsafeBufferPointer { zeros in
                candidate.withUnsafeMutableBufferPointer { candidate in
                    for y in 0..<height {
                        let row = pixels.baseAddress! + y * rowBytes
                        let above = y == 0 ? zeros.baseAddress! : row - rowBytes
                        let target = output.baseAddress! + y * stride
                        var best = UInt8(0), bestScore = Int.max
                        for type in UInt8(0)...4 {
                            let score = apply(type, row, above, candidate.baseAddress!, rowBytes, bytesPerPixel)
                            if score < bestScore {
                                bestScore = score
                                best = type
                                (target + 1).update(from: candidate.baseAddress!, count: rowBytes)
                            }
                        }
                        target[0] = best
                    }
                }
            }
            initialized = stride * height
        }
    }

    /// Writes `row` filtered with `type` into `out`; returns the heuristic's score.
    private static func apply(_ type: UInt8, _ row: UnsafePointer<UInt8>, _ above: UnsafePointer<UInt8>,
                              _ out: UnsafeMutablePointer<UInt8>, _ count: Int, _ bpp: Int) -> Int {
        var score = 0
        for index in 0..<count {
            let left = index >= bpp ? row[index - bpp] : 0
            let up = above[index]
            let upLeft = index >= bpp ? above[index - bpp] : 0
            let predicted: UInt8 = switch type {
            case 0: 0
            case 1: left
            case 2: up
            case 3: UInt8((Int(left) + Int(up)) / 2)
            default: paeth(left, up, upLeft)
            }
            let value = row[index] &- predicted
            out[index] = value
            score += Int(Int8(bitPattern: value).magnitude)
        }
        return score
    }

    private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}
