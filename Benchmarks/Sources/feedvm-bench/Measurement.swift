import Foundation

/// Times an operation the way the reports need it: calibrate an iteration count so one repeat
/// takes about `targetSecondsPerRepeat`, then take the median of `repeats` such runs.
struct Measurement {
    /// Median seconds for one call of the operation.
    let secondsPerCall: Double

    init(options: BenchmarkOptions, _ operation: () throws -> Void) rethrows {
        try operation()  // warm up caches and lazy globals
        var iterations = 1
        while true {
            let elapsed = try Self.time(iterations, operation)
            if elapsed >= options.targetSecondsPerRepeat / 4 || iterations >= 1 << 24 {
                iterations = max(1, Int(Double(iterations) * options.targetSecondsPerRepeat / max(elapsed, 1e-9)))
                break
            }
            iterations *= 4
        }
        var samples: [Double] = []
        for _ in 0..<options.repeats { samples.append(try Self.time(iterations, operation) / Double(iterations)) }
        samples.sort()
        secondsPerCall = samples[samples.count / 2]
    }

    private static func time(_ iterations: Int, _ operation: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations { try operation() }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Throughput for an input of `byteCount` bytes, in MB/s (10^6 bytes).
    func megabytesPerSecond(byteCount: Int) -> Double { Double(byteCount) / secondsPerCall / 1e6 }

    /// Calls per second.
    var callsPerSecond: Double { 1 / secondsPerCall }
}

/// Keeps the optimizer from deleting work whose result is otherwise unused.
@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }
