// Ported from RxSwift, Tests/RxSwiftTests/Event+Test.swift (MIT, see README.md).
import Reactive
import ReactiveTesting
import XCTest

final class EventTests: XCTestCase {
    func testMapTransformNext() {
        let original = Event.next(1)
        XCTAssertEqual(Event.next(2), original.map { x -> Int in x + 1 })
    }

    func testMapTransformNextThrow() {
        let original = Event.next(1)
        XCTAssertEqual(Event.error(testError), original.map { _ -> Int in throw testError })
    }

    func testMapTransformError() {
        let original = Event<Int>.error(testError2)
        XCTAssertEqual(Event.error(testError2), original.map { _ -> Int in throw testError })
    }

    func testMapTransformCompleted() {
        let original = Event<Int>.completed
        XCTAssertEqual(Event.completed, original.map { _ -> Int in throw testError })
    }
}
