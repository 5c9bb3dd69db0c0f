// Ported from RxSwift, Tests/RxSwiftTests/Observable+SubscribeOnTests.swift (MIT, see README.md).
import Reactive
import ReactiveTesting
import XCTest

final class ObservableSubscribeOnTest: XCTestCase {
    func testSubscribeOn_SchedulerSleep() {
        let scheduler = TestScheduler(initialClock: 0)
        let scheduled = Var(0)
        let disposed = Var(0)
        let xs: Observable<Int> = Observable.create { _ in
            scheduled.value = scheduler.clock
            return Disposables.create {
                disposed.value = scheduler.clock
            }
        }

        let res = scheduler.start { xs.subscribe(on: scheduler) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(scheduled.value, 201)
        XCTAssertEqual(disposed.value, 1001)
    }

    func testSubscribeOn_SchedulerCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs: TestableObservable<Int> = scheduler.createHotObservable([.completed(300)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        XCTAssertEqual(res.events, [.completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 301)])
    }

    func testSubscribeOn_SchedulerError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs: TestableObservable<Int> = scheduler.createHotObservable([.error(300, testError)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        XCTAssertEqual(res.events, [.error(300, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 301)])
    }

    func testSubscribeOn_SchedulerDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 1001)])
    }
}
