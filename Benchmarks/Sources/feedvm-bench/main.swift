import Foundation

// feedvm-bench <benchmark> [--smoke] [--filter text]: runs one named benchmark and prints its figures.
// Build with `swift run -c release feedvm-bench <benchmark>`; debug builds measure nothing useful.
// To add a benchmark, write a `BenchmarkCommand` in its own file and list it in `BenchmarkCommands.all`.

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let command = BenchmarkCommands.all.first(where: { $0.name == name }) else {
    var usage = "usage: feedvm-bench <benchmark> [--smoke] [--filter text]\n\nbenchmarks:\n"
    for command in BenchmarkCommands.all { usage += "  \(command.name.padding(toLength: 10, withPad: " ", startingAt: 0)) \(command.summary)\n" }
    usage += "\n--smoke  tiny inputs and few repeats: checks that the benchmark runs, measures nothing\n"
    usage += "--filter text  run only the measurements whose label contains text\n"
    printToStandardError(usage)
    exit(arguments.isEmpty || arguments.first == "--help" ? 0 : 64)
}
let options = BenchmarkOptions(arguments: Array(arguments.dropFirst()))
do {
    try command.run(options)
} catch {
    printToStandardError("feedvm-bench \(name): \(error)\n")
    exit(1)
}
