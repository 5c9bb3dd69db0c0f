import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Network
import Reactive
import XCTest

/// A lazy transport is made on the first request, once, whatever the number of requests.
final class LazyTransportTests: XCTestCase {
    func testTheTransportIsMadeOnTheFirstRequestOnly() {
        let made = Locked(0)
        let lazy = LazyTransport {
            made.withLock { $0 += 1 }
            return StubTransport { _ in .response(statusCode: 204, body: Data()) }
        }
        XCTAssertEqual(made.current, 0, "nothing is made up front")
        let statuses = Locked<[Int]>([])
        for _ in 0..<3 {
            _ = lazy.send(URLRequest(url: URL(string: "https://example.test/")!)) { result in
                if case .success(let (response, _)) = result { statuses.withLock { $0.append(response.statusCode) } }
            }
        }
        XCTAssertEqual(made.current, 1)
        XCTAssertEqual(statuses.current, [204, 204, 204])
    }
}
