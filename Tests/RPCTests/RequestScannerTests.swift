import JSON
import XCTest
@testable import RPC

/// The fast path must read exactly what the general path reads, or step aside.
final class RequestScannerTests: XCTestCase {
    private func scan(_ line: String) -> RequestScanner.Envelope? {
        Array(line.utf8).withUnsafeBytes { RequestScanner.scan($0) }
    }

    /// What the general path makes of `line`, in the scanner's terms (`nil` if not a request).
    private func generalPath(_ line: String) -> RequestScanner.Envelope? {
        guard let json = try? JSON.parse(line) else { return nil }
        switch IncomingMessage(json) {
        case .request(let id, let method, let params): return .init(id: id, method: method, params: params)
        case .notification(let method, let params): return .init(id: nil, method: method, params: params)
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
            let fast = scan(line)
            XCTAssertNotNil(fast, line)
            let general = generalPath(line)
            XCTAssertEqual(fast?.id, general?.id, line)
            XCTAssertEqual(fast?.method, general?.method, line)
            XCTAssertEqual(fast?.params, general?.params, line)
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
            #"{"jsonrpc":"2.0","id":1,"method":"ping","params":"x"}"#,  // scalar params
            #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":tru}}"#,  // bad params
            #"{"jsonrpc":"2.0","id":1,"method":"ping"} x"#,  // trailing data
            #"{"jsonrpc":"2.0","id":1,"method":"ping""#,  // truncated
            #"{"jsonrpc":"1.0","id":1,"method":"ping"}"#,
            #"{"id":1,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":true,"method":"ping"}"#,
        ]
        for line in lines {
            XCTAssertNil(scan(line), line)
        }
    }
}
