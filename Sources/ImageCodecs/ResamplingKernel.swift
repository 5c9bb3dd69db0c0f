/// The weights one axis of a resize uses, computed once per (source length, result length,
/// filter): for each result pixel, the first source pixel it reads and `taps` fixed-point
/// weights (zero past its own window) that sum to exactly `one`.
struct ResamplingKernel {
    /// Fixed-point scale of the weights: 14 bits keeps the sums of 8-bit samples in Int32.
    static let precision: Int32 = 14
    static let one: Int32 = 1 << precision

    /// The first source index each result pixel reads.
    let starts: [Int]
    /// Weights per result pixel (its window may be shorter; the rest are zero).
    let taps: Int
    /// `resultLength * taps` weights.
    let weights: [Int32]

    /// The kernel resampling `sourceLength` pixels to `resultLength` with `filter`, widened by
    /// the scale when downscaling so it averages instead of skipping.
    init(from sourceLength: Int, to resultLength: Int, filter: ResamplingFilter) {
        let scale = Double(sourceLength) / Double(resultLength)
        let widen = max(scale, 1)
        let support = filter.support(scale: widen) * widen
        let taps = min(sourceLength, Int(support.rounded(.up)) * 2 + 1)
        var starts = [Int](repeating: 0, count: resultLength)
        var weights = [Int32](repeating: 0, count: resultLength * taps)
        var window = [Double](repeating: 0, count: taps)
        for index in 0..<resultLength {
            let center = (Double(index) + 0.5) * scale
            var first = max(Int(center - support + 0.5), 0)
            let last = min(Int(center + support + 0.5), sourceLength)
            first = min(first, max(last - taps, 0))
            let count = min(last - first, taps)
            var total = 0.0
            for tap in 0..<count {
                let weight = filter.weight((Double(tap + first) - center + 0.5) / widen, scale: widen)
                window[tap] = weight
                total += weight
            }
            starts[index] = first
            if total == 0 {  // a window too narrow to hold the kernel: take the nearest pixel
                weights[index * taps + min(max(Int(center) - first, 0), max(count - 1, 0))] = Self.one
                continue
            }
            var sum: Int32 = 0, largest = 0
            for tap in 0..<count {
                let fixed = Int32((window[tap] / total * Double(Self.one)).rounded())
                weights[index * taps + tap] = fixed
                sum += fixed
                if abs(window[tap]) > abs(window[largest]) { largest = tap }
            }
            weights[index * taps + largest] += Self.one - sum  // a flat field stays exactly flat
        }
        self.starts = starts
        self.taps = taps
        self.weights = weights
    }
}
