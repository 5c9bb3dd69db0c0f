import Foundation
import Locking
#if canImport(Glibc)
import Glibc
#endif
import Reactive
import XCTest
@testable import Network

/// The hard limits against hostile servers on loopback: each test asserts the bound
/// (bytes, time, CPU) with room for a loaded machine, and that the request ends exactly once.
final class CurlTransportLimitTests: XCTestCase {
    private var server: LoopbackHTTPServer!

    override func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }

    private func start(_ reply: @escaping @Sendable (LoopbackHTTPServer.Connection) -> Void) throws -> URL {
        server = try LoopbackHTTPServer { _ in .script(reply) }
        return server.baseURL
    }

    /// Sends `url` and waits for the one outcome, with how long it took.
    private func fetch(_ url: URL, through transport: CurlTransport, timeout: TimeInterval? = nil)
        -> (result: Result<(HTTPResponse, Data), NetworkError>, seconds: Double)
    {
        let done = expectation(description: "completion")
        let outcomes = Recorder<Result<(HTTPResponse, Data), NetworkError>>()
        let started = Date()
        _ = transport.send(HTTPRequest(url: url, timeoutInterval: timeout)) { outcome in
            outcomes.append(outcome)
            done.fulfill()
        }
        wait(for: [done], timeout: 60)
        let seconds = Date().timeIntervalSince(started)
        Thread.sleep(forTimeInterval: 0.05)
        XCTAssertEqual(outcomes.all.count, 1, "answered exactly once")
        return (outcomes.all[0], seconds)
    }

    private func message(_ result: Result<(HTTPResponse, Data), NetworkError>) -> String {
        switch result {
        case .success(let (response, body)): return "\(response.statusCode), \(body.count) bytes"
        case .failure(let error): return error.message
        }
    }

    func testAnEndlessChunkedBodyIsCutAtTheCap() throws {
        let written = Locked(0)
        let base = try start { connection in
            connection.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")
            let chunk = "10000\r\n" + String(repeating: "x", count: 0x10000) + "\r\n"
            while connection.write(chunk) { written.withLock { $0 += 0x10000 } }
        }
        let (result, _) = fetch(base.appendingPathComponent("endless"), through: .with { $0.maxBodyBytes = 1 << 20 })
        XCTAssertEqual(message(result), "The response body exceeds the limit of 1048576 bytes (GET \(base.absoluteString)endless)")
        Thread.sleep(forTimeInterval: 0.2)
        // The connection was closed: what the server got out is the cap plus socket buffers.
        XCTAssertLessThan(written.current, 32 << 20)
    }

    func testACompressionBombIsCountedAfterDecoding() throws {
        let bomb = DeflateBomb.zlib(inflatedBytes: 64 << 20)
        let base = try start { connection in
            connection.write("HTTP/1.1 200 OK\r\nContent-Encoding: deflate\r\nContent-Length: \(bomb.count)\r\n\r\n")
            connection.write(bomb)
            connection.waitForHangUp()
        }
        XCTAssertLessThan(bomb.count, 1 << 20, "the bomb itself is small")
        let (result, _) = fetch(base.appendingPathComponent("bomb"), through: .with { $0.maxBodyBytes = 1 << 20 })
        XCTAssertEqual(message(result), "The response body exceeds the limit of 1048576 bytes (GET \(base.absoluteString)bomb)")
    }

    func testADeflatedBodyUnderTheCapArrivesDecoded() throws {
        let body = DeflateBomb.zlib(inflatedBytes: 100_000)
        let base = try start { connection in
            connection.write("HTTP/1.1 200 OK\r\nContent-Encoding: deflate\r\nContent-Length: \(body.count)\r\n\r\n")
            connection.write(body)
        }
        let (result, _) = fetch(base, through: CurlTransport())
        XCTAssertEqual(try result.get().1, Data(count: 100_000))
    }

    func testATrickledBodyEndsAtTheTotalDeadlineNotAtAnIdleTimeout() throws {
        let base = try start { connection in
            connection.write("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n")
            while connection.write("x") { Thread.sleep(forTimeInterval: 0.2) }
        }
        let (result, seconds) = fetch(base.appendingPathComponent("trickle"), through: CurlTransport(), timeout: 1)
        XCTAssertEqual(message(result), "The request timed out (GET \(base.absoluteString)trickle)")
        XCTAssertLessThan(seconds, 3, "within the deadline x 3")
    }

    func testAStallAfterTheHeadersEndsAtTheDeadline() throws {
        let base = try start { connection in
            connection.write("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n")
            connection.waitForHangUp()
        }
        let (result, seconds) = fetch(base, through: .with { $0.requestTimeout = 1 })
        XCTAssertEqual(message(result), "The request timed out (GET \(base.absoluteString))")
        XCTAssertLessThan(seconds, 3)
    }

    func testAPendingRequestCostsNoCPU() throws {
        let base = try start { connection in
            connection.write("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n")
            connection.waitForHangUp()
        }
        let before = Self.processCPUSeconds()
        let (result, seconds) = fetch(base, through: CurlTransport(), timeout: 2)
        let cpu = Self.processCPUSeconds() - before
        XCTAssertEqual(message(result), "The request timed out (GET \(base.absoluteString))")
        XCTAssertLessThan(cpu, seconds * 0.1, "\(cpu) s of CPU in \(seconds) s")
    }

    func testAGarbageStatusLineIsNotHTTP() throws {
        let base = try start { connection in connection.write("HTTP/1.1 OK-ish\r\nContent-Length: 2\r\n\r\nhi") }
        let (result, _) = fetch(base, through: CurlTransport())
        XCTAssertTrue(message(result).hasPrefix("The server's answer is not valid HTTP"), message(result))
    }

    func testANonHTTPReplyIsNotHTTP() throws {
        let base = try start { connection in connection.write("SSH-2.0-OpenSSH_9.2\r\n") }
        let (result, _) = fetch(base, through: CurlTransport())
        XCTAssertEqual(message(result), "The server's answer is not valid HTTP: the reply does not start with an HTTP status line (GET \(base.absoluteString))")
    }

    func testHeadersWithoutEndAreCutAtTheHeaderCap() throws {
        let base = try start { connection in
            connection.write("HTTP/1.1 200 OK\r\n")
            while connection.write("X-Padding: \(String(repeating: "p", count: 1000))\r\n") {}
        }
        let (result, _) = fetch(base, through: .with { $0.maxHeaderBytes = 64 << 10 })
        XCTAssertEqual(message(result), "The server's answer is not valid HTTP: the response headers exceed 65536 bytes (GET \(base.absoluteString))")
    }

    func testARedirectLoopEndsAfterTheRedirectLimit() throws {
        let hits = Locked(0)
        let base = try start { connection in
            hits.withLock { $0 += 1 }
            connection.write("HTTP/1.1 302 Found\r\nLocation: /again\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        }
        let (result, _) = fetch(base.appendingPathComponent("loop"), through: .with { $0.maxRedirects = 3 })
        XCTAssertEqual(message(result), "Too many redirects (more than 3) (GET \(base.absoluteString)loop)")
        XCTAssertEqual(hits.current, 4, "the request and 3 redirects")
    }

    func testARedirectToTheStubSchemeIsRefused() throws {
        let base = try start { connection in
            connection.write("HTTP/1.1 301 Moved\r\nLocation: stub://images/1.png\r\nContent-Length: 0\r\n\r\n")
        }
        let (result, _) = fetch(base, through: CurlTransport())
        XCTAssertEqual(message(result), #"Unsupported URL scheme "stub": only http and https are allowed (GET \#(base.absoluteString))"#)
    }

    func testAnUpperCaseSchemeIsHTTP() throws {
        let base = try start { connection in connection.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok") }
        let upper = try XCTUnwrap(URL(string: "HTTP://127.0.0.1:\(server.port)/"))
        let (result, _) = fetch(upper, through: CurlTransport())
        XCTAssertEqual(message(result), "200, 2 bytes")
        _ = base
    }

    func testRequestsBeyondTheHostLimitWaitTheirTurnAndKeepTheirDeadline() throws {
        let connections = Locked(0)
        let base = try start { connection in
            connections.withLock { $0 += 1 }
            connection.write("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n")
            connection.waitForHangUp()  // stalls: holds the host's only slot until its deadline
        }
        let transport = CurlTransport.with { $0.maxHostConnections = 1 }
        let outcomes = Locked<[String: (result: Result<(HTTPResponse, Data), NetworkError>, seconds: Double)]>([:])
        let started = Date()
        let done = expectation(description: "both answered")
        done.expectedFulfillmentCount = 2
        for (path, timeout) in [("first", 2.0), ("second", 0.5)] {
            _ = transport.send(HTTPRequest(url: base.appendingPathComponent(path), timeoutInterval: timeout)) { result in
                let seconds = Date().timeIntervalSince(started)
                outcomes.withLock { $0[path] = (result, seconds) }
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 30)
        let first = try XCTUnwrap(outcomes.current["first"])
        let second = try XCTUnwrap(outcomes.current["second"])
        XCTAssertEqual(message(second.result), "The request timed out (GET \(base.absoluteString)second)")
        XCTAssertLessThan(second.seconds, 1.5, "a request waiting for a slot still ends at its own deadline")
        XCTAssertEqual(message(first.result), "The request timed out (GET \(base.absoluteString)first)")
        XCTAssertGreaterThan(first.seconds, 1.9)
        XCTAssertEqual(connections.current, 1, "the waiting request was never sent")
    }

    /// CPU time of this whole process (every thread), in seconds.
    private static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
