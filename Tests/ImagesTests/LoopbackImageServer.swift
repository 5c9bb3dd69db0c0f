import Foundation
import Locking
import Network
import Reactive
import XCTest

/// A python3 `http.server` on 127.0.0.1 (port 0) serving the bytes it is given, counting hits per
/// path, and holding `/hold/...` answers until the test releases them, so overlapping requests
/// are arranged by the test instead of by timing.
final class LoopbackImageServer {
    private static let script = #"""
        import sys, threading
        from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
        files, hits, gates, lock = {}, {}, {}, threading.Lock()
        def gate(name):
            with lock:
                return gates.setdefault(name, threading.Event())
        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args): pass
            def reply(self, status, body):
                self.send_response(status); self.send_header("Content-Length", str(len(body))); self.end_headers()
                try: self.wfile.write(body)
                except OSError: pass
            def do_PUT(self):
                files[self.path] = self.rfile.read(int(self.headers["Content-Length"])); self.reply(200, b"")
            def do_GET(self):
                if self.path.startswith("/release/"): gate(self.path[len("/release"):]).set(); return self.reply(200, b"")
                if self.path.startswith("/hits/"): return self.reply(200, str(hits.get(self.path[len("/hits"):], 0)).encode())
                with lock: hits[self.path] = hits.get(self.path, 0) + 1
                name = self.path
                if name.startswith("/hold/"): gate(name[len("/hold"):]).wait(30); name = name[len("/hold"):]
                body = files.get(name)
                self.reply(404 if body is None else 200, body or b"missing")
        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """#

    private let process = Process()
    private let transport = CurlTransport()
    let baseURL: String

    init() throws {
        guard let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("python3 is needed for the loopback server")
        }
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", Self.script]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw XCTSkip("the loopback server did not start") }
            line.append(chunk)
        }
        baseURL = "http://127.0.0.1:\(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))"
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }

    /// Serves `bytes` at `path` (and at `/hold` + `path`).
    func put(_ path: String, _ bytes: [UInt8]) throws {
        _ = try synchronous(HTTPRequest(url: URL(string: baseURL + path)!, method: .put, body: Data(bytes)))
    }

    /// How many GETs reached `path`.
    func hits(_ path: String) throws -> Int { Int(String(decoding: try synchronous(HTTPRequest(url: URL(string: baseURL + "/hits" + path)!)), as: UTF8.self))! }

    /// Lets the held answers of `/hold` + `path` go.
    func release(_ path: String) throws { _ = try synchronous(HTTPRequest(url: URL(string: baseURL + "/release" + path)!)) }

    private func synchronous(_ request: HTTPRequest) throws -> Data {
        let done = DispatchSemaphore(value: 0)
        let result = Locked<Result<(HTTPResponse, Data), NetworkError>?>(nil)
        _ = transport.send(request) { outcome in
            result.withLock { $0 = outcome }
            done.signal()
        }
        done.wait()
        return try result.current!.get().1
    }
}
