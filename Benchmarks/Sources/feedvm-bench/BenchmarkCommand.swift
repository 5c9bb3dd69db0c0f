import Foundation

/// One subcommand of `feedvm-bench`.
protocol BenchmarkCommand: Sendable {
    /// The subcommand name, e.g. `json`.
    var name: String { get }
    /// One line for the usage text.
    var summary: String { get }
    /// Runs the benchmark and prints its report to stdout.
    func run(_ options: BenchmarkOptions) throws
}

/// Every benchmark the driver knows, in the order the usage text lists them.
enum BenchmarkCommands {
    static let all: [any BenchmarkCommand] = [JSONBenchmark(), ResizeBenchmark(), CacheBenchmark()]
}

/// Flags shared by every benchmark.
struct BenchmarkOptions: Sendable {
    /// Tiny inputs and few repeats: proves the benchmark runs; its figures mean nothing.
    var isSmoke = false
    /// Timed repeats per measurement; the report gives their median.
    var repeats = 15
    /// Wall time each repeat aims for, so fast operations are timed over many iterations.
    var targetSecondsPerRepeat = 0.02
    /// Only measurements whose label contains this text run (`--filter unsplash`), e.g. to profile one.
    var filter: String?
    /// The arguments that are not options, in order (a benchmark's own operands).
    var operands: [String] = []

    /// Whether the measurement called `label` should run.
    func includes(_ label: String) -> Bool { filter.map { label.contains($0) } ?? true }

    init(arguments: [String]) {
        var arguments = arguments[...]
        while let argument = arguments.popFirst() {
            switch argument {
            case "--filter":
                filter = arguments.popFirst()
            case "--smoke":
                isSmoke = true
                repeats = 3
                targetSecondsPerRepeat = 0.0005
            case let operand where !operand.hasPrefix("--"):
                operands.append(operand)
            default:
                printToStandardError("feedvm-bench: ignoring unknown option \(argument)\n")
            }
        }
    }
}

/// Writes `text` to stderr; stdout carries only the report.
func printToStandardError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
}
