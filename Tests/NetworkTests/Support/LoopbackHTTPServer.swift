import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Reactive

/// A tiny HTTP/1.1 server on 127.0.0.1 (port chosen by the kernel) for exercising the real
/// curl transport. Plain POSIX sockets, one thread accepting and one per connection; every
/// answer closes its connection. It also reports what the client did to the connection, which is
/// how tests see a cancelled request hang up or a capped download stop early.
final class LoopbackHTTPServer: @unchecked Sendable {
    // Safety: `listener` and `port` are set once in `init`; `isStopped` is a `Locked`.

    struct Request: Sendable {
        let method: String
        let target: String
        let headers: [String: String]
        let body: Data

        func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    enum Reply: Sendable {
        /// A complete response with `Content-Length`.
        case respond(status: Int, headers: [String: String], body: Data)
        /// Writes `chunk` up to `count` times without `Content-Length` (stopping early if the
        /// client hangs up), keeps the connection open until the client closes it, then reports
        /// how many bytes went out.
        case stream(chunk: Data, count: Int, clientClosed: @Sendable (_ bytesWritten: Int) -> Void)
        /// Never answers; reports when the client closes the connection.
        case hang(clientClosed: @Sendable () -> Void)
        /// Hands the connection to `body`, which writes whatever it likes (what no honest server
        /// would send); the connection closes when it returns.
        case script(@Sendable (Connection) -> Void)
    }

    /// One accepted connection, for `Reply.script`.
    struct Connection: Sendable {
        let descriptor: Int32

        /// Writes `bytes`; `false` once the client has gone.
        @discardableResult
        func write(_ bytes: Data) -> Bool { LoopbackHTTPServer.write(bytes, to: descriptor) }

        /// Writes `text` as UTF-8; `false` once the client has gone.
        @discardableResult
        func write(_ text: String) -> Bool { write(Data(text.utf8)) }

        /// Blocks until the client closes its side.
        func waitForHangUp() { LoopbackHTTPServer.waitForHangUp(descriptor) }
    }

    let port: UInt16
    private let listener: Int32
    private let isStopped = Locked(false)

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    init(handler: @escaping @Sendable (Request) -> Reply) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EIO) }
        var reuse: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 64) == 0 else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)

        let isStopped = self.isStopped
        Thread.detachNewThread {
            while !isStopped.current {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { break }
                Thread.detachNewThread { LoopbackHTTPServer.serve(connection, handler: handler) }
            }
        }
    }

    func stop() {
        guard !isStopped.withLock({ stopped in defer { stopped = true }; return stopped }) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    deinit { stop() }

    private static func serve(_ connection: Int32, handler: @Sendable (Request) -> Reply) {
        defer { close(connection) }
        guard let request = readRequest(from: connection) else { return }
        switch handler(request) {
        case .respond(let status, let headers, let body):
            var head = "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            _ = write(Data((head + "\r\n").utf8) + body, to: connection)
        case .stream(let chunk, let count, let clientClosed):
            var total = 0
            if write(Data("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nConnection: close\r\n\r\n".utf8), to: connection) {
                for _ in 0..<count {
                    guard write(chunk, to: connection) else { break }
                    total += chunk.count
                }
            }
            waitForHangUp(connection)
            clientClosed(total)
        case .hang(let clientClosed):
            waitForHangUp(connection)
            clientClosed()
        case .script(let body):
            body(Connection(descriptor: connection))
        }
    }

    /// Blocks until the client closes its side of the connection.
    fileprivate static func waitForHangUp(_ connection: Int32) {
        var byte: UInt8 = 0
        while recv(connection, &byte, 1, 0) > 0 {}
    }

    /// Writes all of `data`; `false` once the peer has gone.
    fileprivate static func write(_ data: Data, to connection: Int32) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = send(connection, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    private static func readRequest(from connection: Int32) -> Request? {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let separator = Data("\r\n\r\n".utf8)
        while received.range(of: separator) == nil {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            received.append(contentsOf: buffer[0..<count])
        }
        let headEnd = received.range(of: separator)!
        let lines = String(decoding: received[..<headEnd.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(received[headEnd.upperBound...])
        let length = headers.first { $0.key.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
        while body.count < length {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            body.append(contentsOf: buffer[0..<count])
        }
        return Request(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body)
    }
}
