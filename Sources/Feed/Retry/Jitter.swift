import Locking

/// Where a backoff's random wait comes from: the system's generator, or a seeded one that tests
/// replay.
public struct Jitter: Sendable {
    private let next: @Sendable () -> UInt64

    /// Jitter from `next`, a source of uniformly distributed 64-bit values.
    public init(next: @escaping @Sendable () -> UInt64) { self.next = next }

    /// The system's random numbers.
    public static let system = Jitter { UInt64.random(in: .min ... .max) }

    /// A reproducible sequence (SplitMix64) from `seed`.
    public static func seeded(_ seed: UInt64) -> Jitter {
        let state = Locked(seed)
        return Jitter {
            state.withLock { state in
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
        }
    }

    /// A wait drawn uniformly from `0...ceiling` ("full jitter").
    public func draw(upTo ceiling: Double) -> Double {
        guard ceiling > 0 else { return 0 }
        // 53 random bits make a double in [0, 1) with every value equally likely.
        let unit = Double(next() >> 11) / Double(UInt64(1) << 53)
        return unit * ceiling
    }
}
