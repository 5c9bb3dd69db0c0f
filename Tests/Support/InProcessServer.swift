import Foundation
import JSON
import XCTest
import RPC
import Logging

/// An `RPCServer` running in this process on a pair of pipes, driven through a `LineConnection`.
public final class InProcessServer {
    public let server: RPCServer
    public let client: LineConnection
    private let finished = DispatchSemaphore(value: 0)
    private var didFinish = false
    private let status = LockedStatus()
    private let serverInput: Int32
    private let serverOutput: Int32
    private let clientOutput: Int32

    public init(configuration: RPCServer.Configuration = InProcessServer.quietConfiguration(),
         register: (RPCServer) -> Void = { _ in })
    {
        StandardStreams.ignoreBrokenPipeSignal()
        var toServer: [Int32] = [0, 0]
        var fromServer: [Int32] = [0, 0]
        precondition(pipe(&toServer) == 0 && pipe(&fromServer) == 0)
        serverInput = toServer[0]
        serverOutput = fromServer[1]
        clientOutput = fromServer[0]
        server = RPCServer(configuration: configuration, input: serverInput, output: serverOutput)
        register(server)
        client = LineConnection(writingTo: toServer[1], readingFrom: fromServer[0])
        let server = self.server
        let status = self.status
        let finished = self.finished
        Thread {
            status.value = server.run()
            finished.signal()
        }.start()
    }

    public static func quietConfiguration() -> RPCServer.Configuration {
        var configuration = RPCServer.Configuration()
        configuration.logger = Logger(level: .off)
        return configuration
    }

    /// Closes stdin and waits for `run` to return; its exit status.
    public func closeAndWait(file: StaticString = #filePath, line: UInt = #line) -> Int32? {
        client.closeInput()
        return waitForExit(file: file, line: line)
    }

    /// Waits for `run` to return; its exit status.
    public func waitForExit(file: StaticString = #filePath, line: UInt = #line) -> Int32? {
        if !didFinish {
            guard finished.wait(timeout: .now() + 30) == .success else {
                XCTFail("the server did not stop", file: file, line: line)
                return nil
            }
            didFinish = true
            close(serverOutput)  // lets the client see the end of output
        }
        return status.value
    }

    deinit {
        client.closeInput()
        if !didFinish, finished.wait(timeout: .now() + 30) == .success {
            didFinish = true
            close(serverOutput)
        }
        close(serverInput)
        close(clientOutput)
    }
}

/// The exit status handed from the server thread to the test.
private final class LockedStatus: @unchecked Sendable {
    // Safety: `storage` is only touched while holding `lock`.
    private let lock = NSLock()
    private var storage: Int32?
    var value: Int32? {
        get { lock.withLock { storage } }
        set { lock.withLock { storage = newValue } }
    }
}
