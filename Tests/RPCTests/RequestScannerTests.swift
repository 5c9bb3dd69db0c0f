import FeedVMTestSupport
import JSON
import XCTest
@testable import RPC

/// The fast path must read exactly what the general path reads, or step aside.
final class RequestScannerTests: XCTestCase {
    /// What a path read from a line: id (nil for a notification), method, params.
    private struct Reading: Equatable {
        var id: RequestID?
        var method: String
        var params: JSON?
    }

    private func fastPath(_ line: String, maxDepth: Int = JSON.defaultMaxDepth) -> Reading? {
        Array(line.utf8).withUnsafeBytes { bytes in
            RequestScanner.scan(bytes, maxDepth: maxDepth).map {
                Reading(id: $0.id, method: String(decoding: $0.methodBytes, as: UTF8.self), params: $0.params)
            }
        }
    }

    private func generalPath(_ line: String, maxDepth: Int = JSON.defaultMaxDepth) -> Reading? {
        guard let json = try? Array(line.utf8).withUnsafeBytes({ try JSON.parse($0, maxDepth: maxDepth) }) else { return nil }
        switch IncomingMessage(json) {
        case .request(let id, let method, let params): return Reading(id: id, method: method, params: params)
        case .notification(let method, let params): return Reading(id: nil, method: method, params: params)
        case .invalid: return nil
        }
    }

    func testTheCommonShapesTakeTheFastPath() {
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":"abc-1","method":"requestCommand","params":{"session":"s1","reload":true}}"#,
            #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":4}}"#,
            #" { "id" : -12 , "method" : "x" , "params" : [1,{"a":"]}\""}] , "jsonrpc" : "2.0" } "#,
            #"{"jsonrpc":"2.0","id":null,"method":"ping"}"#,
        ]
        for line in lines {
            let fast = fastPath(line)
            XCTAssertNotNil(fast, line)
            XCTAssertEqual(fast, generalPath(line), line)
        }
    }

    /// The bare scan as the server uses it: its method bytes count only when they are plain.
    private func barePath(_ line: String) -> (id: String, method: String)? {
        Array(line.utf8).withUnsafeBytes { bytes in
            RequestScanner.scanBareRequest(bytes).flatMap {
                guard RequestScanner.isPlainName($0.methodBytes) else { return nil }
                return (String(decoding: $0.idBytes, as: UTF8.self), String(decoding: $0.methodBytes, as: UTF8.self))
            }
        }
    }

    func testABareRequestEchoesItsIdBytesExactlyAsTheEncoderWouldWriteThem() throws {
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":-42,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":0,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":"req-7 /x","method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":null,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":999999999999999999,"method":"shutdown"}"#,
        ] + (1...18).map { digits in  // the digits are read eight at a time
            #"{"jsonrpc":"2.0","id":\#(String(repeating: "7", count: digits)),"method":"ping"}"#
        }
        for line in lines {
            let bare = try XCTUnwrap(barePath(line), line)
            let general = try XCTUnwrap(generalPath(line), line)
            XCTAssertEqual(bare.method, general.method, line)
            XCTAssertEqual(bare.id, general.id?.json.jsonString, line)
        }
    }

    func testABareRequestIsExactlyTheCanonicalShapeWithoutParams() {
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{}}"#,  // params: the full path
            #"{"jsonrpc":"2.0","method":"ping","id":1}"#,  // other member order
            #"{"jsonrpc":"2.0", "id":1,"method":"ping"}"#,  // whitespace
            #"{"jsonrpc":"2.0","method":"ping"}"#,  // a notification
            #"{"jsonrpc":"2.0","id":9999999999999999999,"method":"ping"}"#,  // 19 digits
        ] + [
            #"{"jsonrpc":"2.0","id":1.0,"method":"ping"}"#, #"{"jsonrpc":"2.0","id":-0,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":1E2,"method":"ping"}"#, #"{"jsonrpc":"2.0","id":"\ud800","method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":007,"method":"ping"}"#, #"{"jsonrpc":"2.0","id":"a\"b","method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":true,"method":"ping"}"#, #"{"jsonrpc":"2.0","id":1,"method":"ping"} "#,
            #"{"jsonrpc":"2.0","id":12345678.5,"method":"ping"}"#, #"{"jsonrpc":"2.0","id":1234567890e1,"method":"ping"}"#,
        ] + [
            #"{"jsonrpc":"2.0","id":1,"method":"ping","params":"x"}"#,  // ends in `"}` but the method is not plain
            #"{"jsonrpc":"2.0","id":1,"method":"p\u0069ng"}"#,  // an escape
            #"{"jsonrpc":"2.0","id":1,"method":"pïng"}"#,  // not ASCII
        ]
        for line in lines {
            XCTAssertNil(barePath(line), line)
        }
    }

    func testAnythingUnusualIsLeftToTheGeneralPath() {
        let lines = [
            #"{"jsonrpc":"2.0","id":1.0,"method":"ping"}"#,  // non-integer id
            #"{"jsonrpc":"2.0","id":1e3,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":-0,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":007,"method":"ping"}"#,  // invalid JSON
            #"{"jsonrpc":"2.0","id":99999999999999999999,"method":"ping"}"#,  // beyond Int64
            #"{"jsonrpc":"2.0","id":"a\"b","method":"ping"}"#,  // escapes
            #"{"jsonrpc":"2.0","id":"é","method":"ping"}"#,  // non-ASCII
            #"{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}"#,  // duplicate member
            #"{"jsonrpc":"2.0","id":1,"method":"ping","extra":0}"#,  // unknown member
            #"{"jsonrpc":"2.0","idx":1,"method":"ping"}"#,  // a known name's prefix
            #"{"jsonrpc":"2.0","\u0069d":1,"method":"ping"}"#,  // an escaped name
            #"{"jsonrpc":"2.0","id":1,"method":"ping","params":"x"}"#,  // scalar params
            #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":tru}}"#,  // bad params
            #"{"jsonrpc":"2.0","id":1,"method":"ping"} x"#,  // trailing data
            #"{"jsonrpc":"2.0","id":1,"method":"ping""#,  // truncated
            #"{"jsonrpc":"1.0","id":1,"method":"ping"}"#,
            #"{"id":1,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":true,"method":"ping"}"#,
        ]
        for line in lines {
            XCTAssertNil(fastPath(line), line)
        }
    }

    /// issue 13 item 9: one limit, one answer. Whenever the fast path reads a line, the general
    /// path reads the same id, method and params from it; where the general path refuses a line
    /// (a parse error, nesting past the limit), the fast path must not read it either.
    func testBothPathsReadEveryGeneratedMessageAlike() {
        var random = SplitMix64(seed: 20261202)
        var fastReadings = 0
        for _ in 0..<3_000 {
            let maxDepth = [4, 16, 512][Int(random.next() % 3)]
            let line = Self.randomMessage(&random, maxDepth: maxDepth)
            guard let fast = fastPath(line, maxDepth: maxDepth) else { continue }
            fastReadings += 1
            XCTAssertEqual(fast, generalPath(line, maxDepth: maxDepth), "depth limit \(maxDepth): \(line.prefix(300))")
        }
        XCTAssertGreaterThan(fastReadings, 500, "the generator must exercise the fast path")
    }

    func testNestingAtTheLimitIsRefusedByBothPaths() {
        for depth in 510...514 {
            let params = String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1)
            let line = #"{"jsonrpc":"2.0","id":1,"method":"ping","params":\#(params)}"#
            XCTAssertEqual(fastPath(line) != nil, generalPath(line) != nil, "a message \(depth) deep")
        }
    }

    /// A request or notification in random shape: member order, spacing, id kind, params depth.
    private static func randomMessage(_ random: inout SplitMix64, maxDepth: Int) -> String {
        func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }
        let ids = [#"1"#, #"-7"#, #"0"#, #"-0"#, #"9223372036854775807"#, #"-9223372036854775808"#, #"9223372036854775808"#,
                   #"1.5"#, #"1E2"#, #""abc""#, #""a\"b""#, #""é""#, #""\ud800""#, #"null"#, #"true"#, #"[1]"#, #"{}"#]
        var members = [#""jsonrpc":"2.0""#, #""method":"\#(pick(["ping", "requestCommand", "$/cancelRequest", "x y"]))""#]
        if random.next() % 5 != 0 { members.append(#""id":\#(pick(ids))"#) }
        if random.next() % 3 != 0 {
            let depth = maxDepth - 2 + Int(random.next() % 4)  // the message's depth, around the limit
            let containers = (0..<(depth - 1)).map { level in level == 0 ? "[" : pick(["[", #"{"a":"#]) }
            var params = containers.joined() + pick(["1", #""s""#, "null", "tru", "[]"])
            for opener in containers.reversed() { params += opener == "[" ? "]" : "}" }
            members.append(#""params":\#(params)"#)
        }
        members.shuffle(using: &random)
        let space = pick(["", " ", "\t", "\r"])
        return "{" + space + members.joined(separator: space + "," + space) + space + "}"
    }
}
