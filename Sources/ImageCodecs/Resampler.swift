/// Resizes `PixelImage`s with a separable filter: a vertical pass over whole rows (a
/// multiply-add per byte that vectorises), then a horizontal pass over the shorter result.
/// Alpha is premultiplied while filtering, so transparent pixels lend no colour to their
/// neighbours. No allocation per pixel: two buffers per resize.
public struct Resampler: Sendable, Hashable {
    /// The kernel used.
    public var filter: ResamplingFilter

    /// A resampler with `filter` (Lanczos-3 unless told).
    public init(filter: ResamplingFilter = .lanczos3) {
        self.filter = filter
    }

    /// `image` resampled to exactly `size` (each side at least 1).
    public func resize(_ image: PixelImage, to size: PixelSize) -> PixelImage {
        let target = PixelSize(width: max(1, size.width), height: max(1, size.height))
        if target == image.size { return image }
        let premultiplied = image.layout.hasAlpha && Self.hasTransparency(image)
        var source = premultiplied ? Self.premultiply(image) : image.pixels
        let channels = image.layout.channels
        var (width, height) = (image.width, image.height)
        if target.height != height {
            let kernel = ResamplingKernel(from: height, to: target.height, filter: filter)
            source = Self.vertical(source, rowBytes: width * channels, kernel: kernel, rows: target.height)
            height = target.height
        }
        if target.width != width {
            let kernel = ResamplingKernel(from: width, to: target.width, filter: filter)
            source = Self.horizontal(source, width: width, height: height, channels: channels, kernel: kernel, columns: target.width)
            width = target.width
        }
        if premultiplied { Self.unpremultiply(&source) }
        return PixelImage(width: width, height: height, layout: image.layout, pixels: source)
    }

    /// `image` resized to fit `target` (keeping its aspect ratio, never enlarged).
    public func resize(_ image: PixelImage, fitting target: ResizeTarget) -> PixelImage {
        resize(image, to: target.size(fitting: image.size))
    }

    private static func vertical(_ source: [UInt8], rowBytes: Int, kernel: ResamplingKernel, rows: Int) -> [UInt8] {
        var sums = [Int32](repeating: 0, count: rowBytes)
        return [UInt8](unsafeUninitializedCapacity: rowBytes * rows) { output, initialized in
            source.withUnsafeBufferPointer { input in
                kernel.weights.withUnsafeBufferPointer { weights in
                    sums.withUnsafeMutableBufferPointer { sums in
                        let input = input.baseAddress!, sums = sums.baseAddress!
                        for row in 0..<rows {
                            let base = kernel.starts[row]
                            for byte in 0..<rowBytes { sums[byte] = 1 << (ResamplingKernel.precision - 1) }
                            for tap in 0..<kernel.taps {
                                let weight = weights[row * kernel.taps + tap]
                                if weight == 0 { continue }
                                let line = input + (base + tap) * rowBytes
                                for byte in 0..<rowBytes { sums[byte] &+= weight &* Int32(line[byte]) }
                            }
                            let out = output.baseAddress! + row * rowBytes
                            for byte in 0..<rowBytes { out[byte] = clamp(sums[byte]) }
                        }
                    }
                }
            }
            initialized = rowBytes * rows
        }
    }

    private static func horizontal(_ source: [UInt8], width: Int, height: Int, channels: Int,
                                   kernel: ResamplingKernel, columns: Int) -> [UInt8] {
        let count = columns * height * channels
        return [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
            source.withUnsafeBufferPointer { input in
                kernel.weights.withUnsafeBufferPointer { weights in
                    kernel.starts.withUnsafeBufferPointer { starts in
                        let input = input.baseAddress!, output = output.baseAddress!, weights = weights.baseAddress!
                        if channels == 3 {
                            horizontalPass(input, output, width, height, columns, starts, weights, kernel.taps, channels: 3)
                        } else {
                            horizontalPass(input, output, width, height, columns, starts, weights, kernel.taps, channels: 4)
                        }
                    }
                }
            }
            initialized = count
        }
    }

    @inline(__always)
    private static func horizontalPass(_ input: UnsafePointer<UInt8>, _ output: UnsafeMutablePointer<UInt8>, _ width: Int,
                                       _ height: Int, _ columns: Int, _ starts: UnsafeBufferPointer<Int>,
                                       _ weights: UnsafePointer<Int32>, _ taps: Int, channels: Int) {
        let half: Int32 = 1 << (ResamplingKernel.precision - 1)
        for row in 0..<height {
            let line = input + row * width * channels
            var out = output + row * columns * channels
            for column in 0..<columns {
                var pixel = line + starts[column] * channels
                let columnWeights = weights + column * taps
                var r = half, g = half, b = half, a = half
                for tap in 0..<taps {
                    let weight = columnWeights[tap]
                    r &+= weight &* Int32(pixel[0])
                    g &+= weight &* Int32(pixel[1])
                    b &+= weight &* Int32(pixel[2])
                    if channels == 4 { a &+= weight &* Int32(pixel[3]) }
                    pixel += channels
                }
                out[0] = clamp(r)
                out[1] = clamp(g)
                out[2] = clamp(b)
                if channels == 4 { out[3] = clamp(a) }
                out += channels
            }
        }
    }

    private static func clamp(_ sum: Int32) -> UInt8 {
        let value = sum >> ResamplingKernel.precision
        return UInt8(truncatingIfNeeded: value < 0 ? 0 : value > 255 ? 255 : value)
    }
}
