import Foundation

/// The kernel a `Resampler` weighs source pixels with. Both low-pass filter when downscaling
/// (the kernel widens with the scale), so fine detail averages out instead of aliasing.
public enum ResamplingFilter: Sendable, Hashable {
    /// Lanczos with three lobes: sharp, the usual choice for photos (libvips' and Pillow's).
    case lanczos3
    /// Area averaging (a box): each result pixel is the mean of the source area it covers.
    case area

    /// How far the kernel reaches from a result pixel's centre, in result pixels, when each
    /// result pixel spans `scale` source pixels (at least 1).
    func support(scale: Double) -> Double {
        switch self {
        case .lanczos3: 3
        case .area: 0.5 + 0.5 / scale
        }
    }

    /// The weight of a source pixel whose centre is `x` result pixels from the result pixel's
    /// centre. For area averaging it is the share of the source pixel (1 / `scale` result
    /// pixels wide) inside the result pixel, so partly covered pixels count partly.
    func weight(_ x: Double, scale: Double) -> Double {
        switch self {
        case .area:
            let half = 0.5 / scale
            return max(0, min(x + half, 0.5) - max(x - half, -0.5))
        case .lanczos3:
            if x == 0 { return 1 }
            if x <= -3 || x >= 3 { return 0 }
            let pi = Double.pi * x
            return 3 * sin(pi) * sin(pi / 3) / (pi * pi)
        }
    }
}
