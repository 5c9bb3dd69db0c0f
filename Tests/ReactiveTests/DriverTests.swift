import XCTest
import Reactive
import ReactiveTesting

final class DriverTests: XCTestCase {
    func testOnErrorJustReturnEmitsTheFallbackThenCompletesOnTheScheduler() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(), Int.self)])
        let res = scheduler.start { xs.asDriver(onErrorJustReturn: -1, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(211, 1), .next(221, -1), .completed(222)])
    }

    func testSharesOneSubscriptionAndReplaysTheLatestElement() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .next(240, "c")])
        let driver = xs.asDriver(onErrorJustReturn: "", scheduler: scheduler)
        let first = scheduler.createObserver(String.self)
        let second = scheduler.createObserver(String.self)
        scheduler.scheduleAt(200) { _ = driver.drive(first) }
        scheduler.scheduleAt(230) { _ = driver.drive(second) }
        scheduler.advanceTo(300)

        XCTAssertEqual(first.events, [.next(211, "a"), .next(221, "b"), .next(241, "c")])
        XCTAssertEqual(second.events, [.next(230, "b"), .next(241, "c")])
        XCTAssertEqual(xs.subscriptions, [Subscription(200)])
    }

    func testDeliversOnItsSerialQueue() {
        let scheduler = SerialDispatchQueueScheduler(label: "DriverTests")
        let key = DispatchSpecificKey<Bool>()
        scheduler.queue.setSpecific(key: key, value: true)
        let relay = BehaviorRelay(value: 1)
        let delivered = expectation(description: "delivered on queue")
        let subscription = relay.asDriver(onErrorJustReturn: 0, scheduler: scheduler).drive(onNext: { _ in
            XCTAssertEqual(DispatchQueue.getSpecific(key: key), true)
            delivered.fulfill()
        })
        wait(for: [delivered], timeout: 10)
        subscription.dispose()
    }
}
