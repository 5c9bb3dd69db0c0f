// Ported from RxSwift, Tests/RxSwiftTests/Observable+FilterTests.swift (MIT, see README.md).
import Foundation
import Reactive
import ReactiveTesting
import XCTest

final class ObservableFilterTest: XCTestCase {
    private func source(_ scheduler: TestScheduler, _ tail: [Recorded<Event<Int>>]) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(110, 1), .next(180, 2), .next(230, 3), .next(270, 4), .next(340, 5), .next(380, 6),
            .next(390, 7), .next(450, 8), .next(470, 9), .next(560, 10), .next(580, 11),
        ] + tail)
    }

    func test_filterComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let invoked = Var(0)
        let xs = source(scheduler, [.completed(600), .next(610, 12), .error(620, testError), .completed(630)])
        let res = scheduler.start { () -> Observable<Int> in
            xs.filter { (num: Int) -> Bool in
                invoked.value += 1
                return isPrime(num)
            }
        }
        XCTAssertEqual(res.events, [.next(230, 3), .next(340, 5), .next(390, 7), .next(580, 11), .completed(600)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 600)])
        XCTAssertEqual(9, invoked.value)
    }

    func test_filterTrue() {
        let scheduler = TestScheduler(initialClock: 0)
        let invoked = Var(0)
        let xs = source(scheduler, [.completed(600)])
        let res = scheduler.start { () -> Observable<Int> in
            xs.filter { _ -> Bool in
                invoked.value += 1
                return true
            }
        }
        XCTAssertEqual(res.events, [
            .next(230, 3), .next(270, 4), .next(340, 5), .next(380, 6), .next(390, 7), .next(450, 8), .next(470, 9),
            .next(560, 10), .next(580, 11), .completed(600),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 600)])
        XCTAssertEqual(9, invoked.value)
    }

    func test_filterFalse() {
        let scheduler = TestScheduler(initialClock: 0)
        let invoked = Var(0)
        let xs = source(scheduler, [.completed(600)])
        let res = scheduler.start { () -> Observable<Int> in
            xs.filter { _ -> Bool in
                invoked.value += 1
                return false
            }
        }
        XCTAssertEqual(res.events, [.completed(600)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 600)])
        XCTAssertEqual(9, invoked.value)
    }

    func test_filterDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let invoked = Var(0)
        let xs = source(scheduler, [.completed(600)])
        let res = scheduler.start(disposed: 400) { () -> Observable<Int> in
            xs.filter { (num: Int) -> Bool in
                invoked.value += 1
                return isPrime(num)
            }
        }
        XCTAssertEqual(res.events, [.next(230, 3), .next(340, 5), .next(390, 7)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(5, invoked.value)
    }
}

private func isPrime(_ i: Int) -> Bool {
    if i <= 1 { return false }
    let max = Int(sqrt(Double(i)))
    if max <= 1 { return true }
    for j in 2...max where i % j == 0 { return false }
    return true
}
