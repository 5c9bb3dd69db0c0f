import Foundation
import JSON

/// `feedvm-bench json`: MB/s of our parser and serializer against Foundation's
/// `JSONSerialization` on the same bytes, in the same run, with the ratio.
struct JSONBenchmark: BenchmarkCommand {
    let name = "json"
    let summary = "parse/serialize MB/s of the JSON target vs Foundation's JSONSerialization"

    private struct Input {
        let name: String
        let bytes: [UInt8]
    }

    func run(_ options: BenchmarkOptions) throws {
        let itemCount = options.isSmoke ? 2 : 30
        let inputs = [
            Input(name: "gank page (\(itemCount) items)", bytes: Array(SampleBodies.gankPage(itemCount: itemCount).utf8)),
            Input(name: "unsplash page (\(itemCount) items)", bytes: Array(SampleBodies.unsplashPage(itemCount: itemCount).utf8)),
            Input(name: "rpc request line", bytes: Array(SampleBodies.rpcRequestLine.utf8)),
            Input(name: "rpc ping line", bytes: Array(SampleBodies.rpcPingLine.utf8)),
        ]
        print("feedvm-bench json\(options.isSmoke ? " --smoke (figures are meaningless)" : ""): median of \(options.repeats) repeats, MB/s = 10^6 bytes/s")
        print(row("input", "bytes", "op", "ours MB/s", "Foundation MB/s", "ratio", "ours calls/s"))
        for input in inputs {
            try report(input, options: options)
        }
    }

    private func report(_ input: Input, options: BenchmarkOptions) throws {
        let data = Data(input.bytes)
        let ourValue = try JSON.parse(input.bytes)
        let foundationValue = try JSONSerialization.jsonObject(with: data)
        try checkSameShape(ourValue, foundationValue, input: input.name)

        if options.includes("\(input.name) parse") {
            let ourParse = try Measurement(options: options) { blackHole(try JSON.parse(input.bytes)) }
            let foundationParse = try Measurement(options: options) { blackHole(try JSONSerialization.jsonObject(with: data)) }
            print(line(input, "parse", ourParse, foundationParse))
        }
        guard options.includes("\(input.name) serialize") else { return }

        var buffer: [UInt8] = []
        buffer.reserveCapacity(input.bytes.count * 2)
        let serializedCount = ourValue.serialized().count
        let ourSerialize = Measurement(options: options) {
            buffer.removeAll(keepingCapacity: true)
            ourValue.serialize(into: &buffer)
            blackHole(buffer)
        }
        let ourSerializeFresh = Measurement(options: options) { blackHole(ourValue.serialized()) }
        let foundationSerialize = try Measurement(options: options) { blackHole(try JSONSerialization.data(withJSONObject: foundationValue)) }
        print(line(input, "serialize", ourSerializeFresh, foundationSerialize, byteCount: serializedCount))
        print(line(input, "serialize into a reused buffer", ourSerialize, foundationSerialize, byteCount: serializedCount))
    }

    private func line(_ input: Input, _ operation: String, _ ours: Measurement, _ foundation: Measurement, byteCount: Int? = nil) -> String {
        let count = byteCount ?? input.bytes.count
        let oursRate = ours.megabytesPerSecond(byteCount: count)
        let foundationRate = foundation.megabytesPerSecond(byteCount: count)
        return row(input.name, String(count), operation, format(oursRate), format(foundationRate),
            format(oursRate / foundationRate) + "x", format(ours.callsPerSecond, digits: 0))
    }

    private func row(_ columns: String...) -> String {
        let widths = [28, 6, 32, 10, 16, 8, 12]
        return zip(columns, widths).map { $0.padding(toLength: max($1, $0.count), withPad: " ", startingAt: 0) }.joined(separator: " ")
    }

    private func format(_ value: Double, digits: Int = 1) -> String {
        String(format: "%.\(digits)f", value)
    }

    /// Both parsers must have read the same document, or the comparison is meaningless.
    private func checkSameShape(_ ours: JSON, _ theirs: Any, input: String) throws {
        struct ShapeMismatch: Error, CustomStringConvertible { let description: String }
        func count(_ value: JSON) -> Int {
            switch value {
            case .array(let elements): return 1 + elements.reduce(0) { $0 + count($1) }
            case .object(let object): return 1 + object.reduce(0) { $0 + count($1.value) }
            default: return 1
            }
        }
        func count(_ value: Any) -> Int {
            if let array = value as? [Any] { return 1 + array.reduce(0) { $0 + count($1) } }
            if let object = value as? [String: Any] { return 1 + object.values.reduce(0) { $0 + count($1) } }
            return 1
        }
        guard count(ours) == count(theirs) else {
            throw ShapeMismatch(description: "\(input): our parse has \(count(ours)) values, Foundation's \(count(theirs))")
        }
    }
}
