import Foundation
import JSON

/// A `feedvm` child process for tests: write bytes to its stdin, read its stdout messages one at
/// a time with a timeout. stderr goes to a file so the child can never block on it.
final class SpawnedFeedVM: @unchecked Sendable {
    // @unchecked Sendable: `lines`, `closed` and `unreadable` are only touched under `condition`;
    // the other stored properties are immutable after `init`.
    private let process = Process()
    private let stdin = Pipe()
    private let stdout = Pipe()
    private let stderrURL: URL
    let cacheDirectory: URL
    private let condition = NSCondition()
    private var lines: [JSON] = []
    private var unreadable: String?
    private var closed = false

    /// The package root, three levels above this file (`Tests/FeedServiceTests/<file>`).
    static let packageRoot = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `$FEEDVM_BIN`, else `<package root>/.build/debug/feedvm` (built by `swift build`).
    static var binaryPath: String {
        ProcessInfo.processInfo.environment["FEEDVM_BIN"] ?? packageRoot.appendingPathComponent(".build/debug/feedvm").path
    }

    /// Starts the binary with `--cache-dir <fresh directory>` and `arguments`.
    init(arguments: [String] = []) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("feedvm-conformance-\(UUID().uuidString)")
        cacheDirectory = scratch.appendingPathComponent("cache")
        stderrURL = scratch.appendingPathComponent("stderr.log")
        try FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: Self.binaryPath)
        process.arguments = ["--cache-dir", cacheDirectory.path] + arguments
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        try process.run()
        let reader = Thread { [self] in readLines() }
        reader.start()
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: cacheDirectory.deletingLastPathComponent())
    }

    private func readLines() {
        let handle = stdout.fileHandleForReading
        var buffer: [UInt8] = []
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            buffer.append(contentsOf: chunk)
            while let newline = buffer.firstIndex(of: 0x0A) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                condition.lock()
                do throws(JSONParseError) {
                    lines.append(try JSON.parse(line))
                } catch {
                    unreadable = unreadable ?? "stdout line is not JSON (\(error)): \(String(decoding: line.prefix(200), as: UTF8.self))"
                }
                condition.broadcast()
                condition.unlock()
            }
        }
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Writes `bytes` to the child's stdin.
    func send(_ bytes: [UInt8]) throws {
        try stdin.fileHandleForWriting.write(contentsOf: Data(bytes))
    }

    /// Writes `message` as one line.
    func send(_ message: JSON) throws {
        try send(message.serialized() + [0x0A])
    }

    /// The next message, `nil` after `timeout` seconds; throws when stdout ended or was not JSON.
    func next(timeout: TimeInterval) throws -> JSON? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while lines.isEmpty && unreadable == nil && !closed {
            if !condition.wait(until: deadline) { return nil }
        }
        if !lines.isEmpty { return lines.removeFirst() }
        if let unreadable { throw TranscriptFailure(unreadable) }
        throw TranscriptFailure("feedvm closed stdout\(stderrTail)")
    }

    /// Closes stdin and waits up to `timeout` for the exit; returns the messages written after
    /// that and the exit status (`nil` when it did not exit in time, then it is killed).
    func finish(timeout: TimeInterval = 5) -> (trailing: [JSON], status: Int32?) {
        try? stdin.fileHandleForWriting.close()
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        while !closed && condition.wait(until: deadline) {}
        let trailing = lines
        lines.removeAll()
        condition.unlock()
        while process.isRunning && Date() < deadline { usleep(10_000) }
        guard !process.isRunning else {
            process.terminate()
            return (trailing, nil)
        }
        return (trailing, process.terminationStatus)
    }

    /// The end of the child's stderr, for failure messages.
    var stderrTail: String {
        guard let data = try? Data(contentsOf: stderrURL), !data.isEmpty else { return "" }
        return "\n--- stderr tail ---\n" + String(decoding: data.suffix(2000), as: UTF8.self)
    }
}
