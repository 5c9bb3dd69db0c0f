import Foundation
import ImageCodecs

/// `feedvm-bench resize`: the ImageCodecs side of the resize-speed figure.
///
///     feedvm-bench resize make DIR COUNT   # COUNT photo-like 4000x3000 JPEGs (400x300 with --smoke)
///     feedvm-bench resize run IN OUT SIZE  # every *.jpg of IN to fit SIZE x SIZE, as JPEG into OUT
///
/// `run` spreads the files over one thread per core (as a pipeline decodes concurrently) and
/// prints `files N seconds S` on stdout; Benchmarks/suite/resize.py times it against
/// ImageMagick and libvips on the same files.
struct ResizeBenchmark: BenchmarkCommand {
    let name = "resize"
    let summary = "make photo-sized JPEGs, or thumbnail a folder of them through ImageCodecs"

    struct UsageError: Error, CustomStringConvertible {
        var description: String { "usage: feedvm-bench resize make DIR COUNT | run IN OUT SIZE" }
    }

    func run(_ options: BenchmarkOptions) throws {
        switch options.operands.first {
        case "make":
            guard options.operands.count == 3, let count = Int(options.operands[2]) else { throw UsageError() }
            let size = options.isSmoke ? PixelSize(width: 400, height: 300) : PixelSize(width: 4000, height: 3000)
            try make(count: count, size: size, into: options.operands[1])
        case "run":
            guard options.operands.count == 4, let size = Int(options.operands[3]) else { throw UsageError() }
            try thumbnail(from: options.operands[1], into: options.operands[2], size: size)
        default:
            throw UsageError()
        }
    }

    private func make(count: Int, size: PixelSize, into directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: count) { index in
            do {
                let jpeg = try JPEGEncoder(quality: 90).encode(SyntheticPhoto.image(seed: UInt64(index), size: size))
                try Data(jpeg).write(to: URL(fileURLWithPath: directory).appendingPathComponent(String(format: "photo-%03d.jpg", index)))
            } catch {
                failures.add("\(index): \(error)")
            }
        }
        try failures.check()
    }

    private func thumbnail(from input: String, into output: String, size: Int) throws {
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let names = try FileManager.default.contentsOfDirectory(atPath: input).filter { $0.hasSuffix(".jpg") }.sorted()
        let thumbnailer = Thumbnailer()
        let failures = Failures()
        let start = DispatchTime.now().uptimeNanoseconds
        let next = Counter()
        let workers = ProcessInfo.processInfo.activeProcessorCount
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = next.take(below: names.count) {
                do {
                    let bytes = try Data(contentsOf: URL(fileURLWithPath: input).appendingPathComponent(names[index]), options: .alwaysMapped)
                    let thumbnail = try thumbnailer.thumbnail(from: bytes, fitting: .maxPixelSize(size), as: .jpeg(quality: 85))
                    try Data(thumbnail.bytes).write(to: URL(fileURLWithPath: output).appendingPathComponent(names[index]))
                } catch {
                    failures.add("\(names[index]): \(error)")
                }
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        try failures.check()
        print("files \(names.count) seconds \(String(format: "%.4f", seconds)) threads \(workers)")
    }
}
