import Foundation
import XCTest

/// A spawned `feedvm` binary with its stdin and stdout wired to a `LineConnection`.
///
/// The binary is the one `swift build` put beside this test bundle (`.build/<triple>/debug/feedvm`,
/// found from the running test executable's directory); set `FEEDVM_BIN` to test another.
/// `swift test` builds it along with the tests.
public final class FeedVMProcess {
    public let process = Process()
    public let client: LineConnection

    /// The binary under test, or `nil` with the places that were searched.
    public static func binaryURL() -> Result<URL, Error> {
        if let explicit = ProcessInfo.processInfo.environment["FEEDVM_BIN"] {
            return .success(URL(fileURLWithPath: explicit))
        }
        let testExecutable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var candidates = [testExecutable.deletingLastPathComponent().appendingPathComponent("feedvm")]
        // `.xctest` bundles (Darwin) keep the executable a few levels down.
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("feedvm"))
        var root = URL(fileURLWithPath: #filePath)
        while root.path != "/" && !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root.deleteLastPathComponent()
        }
        candidates.append(root.appendingPathComponent(".build/debug/feedvm"))
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) {
            return .success(found)
        }
        return .failure(NSError(domain: "FeedVMProcess", code: 1, userInfo: [
            NSLocalizedDescriptionKey: "feedvm not built; looked at \(candidates.map(\.path)). Run `swift build` first.",
        ]))
    }

    /// Spawns `feedvm arguments`; stderr goes to `stderr` (default: discarded). Unless the
    /// arguments say where files go (`--store`, `--cache-dir`), it stores no feed (`--store none`),
    /// so no test sees a list an earlier run stored in the user's cache.
    public init(arguments: [String] = [], stderr: FileHandle = .nullDevice) throws {
        let arguments = arguments.contains { $0.hasPrefix("--store") || $0.hasPrefix("--cache-dir") }
            ? arguments : arguments + ["--store", "none"]
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        precondition(pipe(&toChild) == 0 && pipe(&fromChild) == 0)
        for descriptor in toChild + fromChild { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        process.executableURL = try Self.binaryURL().get()
        process.arguments = arguments
        process.standardInput = FileHandle(fileDescriptor: toChild[0], closeOnDealloc: true)
        process.standardOutput = FileHandle(fileDescriptor: fromChild[1], closeOnDealloc: true)
        process.standardError = stderr
        try process.run()
        // Only the child keeps its ends, so closing ours is the end of input for it.
        process.standardInput = nil
        process.standardOutput = nil
        client = LineConnection(writingTo: toChild[1], readingFrom: fromChild[0])
        readEnd = fromChild[0]
    }

    private let readEnd: Int32
    private var isReadEndClosed = false

    /// Closes our end of the child's stdout, as a client that went away would.
    public func closeOutputReadEnd() {
        guard !isReadEndClosed else { return }
        isReadEndClosed = true
        close(readEnd)
    }

    /// Waits (hang guard: 30 s) for the child to exit; its exit status.
    public func waitForExit(file: StaticString = #filePath, line: UInt = #line) -> Int32? {
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { usleep(2_000) }
        guard !process.isRunning else {
            XCTFail("feedvm did not exit", file: file, line: line)
            process.terminate()
            return nil
        }
        return process.terminationStatus
    }

    deinit {
        client.closeInput()
        if process.isRunning { process.terminate() }
        closeOutputReadEnd()
    }
}
