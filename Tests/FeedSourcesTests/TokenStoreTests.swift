@testable import FeedSources
import Locking
import Reactive
import XCTest

final class TokenStoreTests: XCTestCase {
    func testARenewedTokenOutlivesTheSourceThatRenewedIt() {
        let reported = Locked<[String]>([])
        let store = TokenStore { token in reported.withLock { $0.append(token) } }
        XCTAssertEqual(store.startingToken(input: "first"), "first")
        store.didRenew("second")
        XCTAssertEqual(reported.current, ["second"], "each renewal is reported once")
        XCTAssertEqual(store.startingToken(input: "first"), "second", "a new source for the same input starts from the renewed token")
        XCTAssertEqual(store.startingToken(input: "first"), "second")
    }

    func testATokenTheInputGivesAnewReplacesTheRenewedOne() {
        let store = TokenStore()
        _ = store.startingToken(input: "first")
        store.didRenew("second")
        XCTAssertEqual(store.startingToken(input: "persisted"), "persisted", "the front end's own token wins")
        XCTAssertEqual(store.startingToken(input: "persisted"), "persisted")
        store.didRenew("third")
        XCTAssertEqual(store.startingToken(input: "persisted"), "third")
        XCTAssertEqual(store.startingToken(input: nil), nil, "no token in the input: none")
    }
}
