import Locking
import Reactive
import ReactiveTesting
import XCTest

final class BehaviorSubjectTests: XCTestCase {
    /// The example of seed 003 (RxSwift + MJRefresh): a second subscriber first receives the
    /// latest value, then both receive every new one. Strings stand for the article's emoji (its
    /// mangled "?" and "?️" are the RxSwift docs' 🔴🐶🐱 / 🅰️🅱️ / 🍐🍊). The article's snippet shows
    /// two emissions after subscriber 2 but its printed output has four; this reproduces the output.
    func testSecondSubscriberReceivesTheLatestValueThenEveryNewOne() {
        let printed = Locked<[String]>([])
        let disposeBag = DisposeBag()
        let subject = BehaviorSubject(value: "🔴")
        func addObserver(_ id: String) -> Disposable {
            subject.subscribe { event in printed.withLock { $0.append("Subscription: \(id) Event: \(event)") } }
        }

        addObserver("1").disposed(by: disposeBag)
        subject.onNext("🐶")
        subject.onNext("🐱")
        addObserver("2").disposed(by: disposeBag)
        subject.onNext("🅰️")
        subject.onNext("🅱️")
        subject.onNext("🍐")
        subject.onNext("🍊")

        XCTAssertEqual(printed.current, [
            "Subscription: 1 Event: next(🔴)",
            "Subscription: 1 Event: next(🐶)",
            "Subscription: 1 Event: next(🐱)",
            "Subscription: 2 Event: next(🐱)",
            "Subscription: 1 Event: next(🅰️)",
            "Subscription: 2 Event: next(🅰️)",
            "Subscription: 1 Event: next(🅱️)",
            "Subscription: 2 Event: next(🅱️)",
            "Subscription: 1 Event: next(🍐)",
            "Subscription: 2 Event: next(🍐)",
            "Subscription: 1 Event: next(🍊)",
            "Subscription: 2 Event: next(🍊)",
        ])
    }

    func testReplaysTheCurrentValueInVirtualTime() {
        let scheduler = TestScheduler()
        let subject = BehaviorSubject(value: 0)
        let observer = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(150) { subject.onNext(1) }
        scheduler.scheduleAt(200) { _ = subject.subscribe(observer) }
        scheduler.scheduleAt(210) { subject.onNext(2) }
        scheduler.start()
        XCTAssertEqual(observer.events, [.next(200, 1), .next(210, 2)])
    }

    func testSubscriberAfterCompletionReceivesOnlyCompletion() {
        let subject = BehaviorSubject(value: 1)
        subject.onCompleted()
        let observer = TestScheduler().createObserver(Int.self)
        _ = subject.subscribe(observer)
        XCTAssertEqual(observer.events, [.completed(0)])
        XCTAssertEqual(try subject.value(), 1)
    }

    func testSubscriberAfterErrorReceivesOnlyTheErrorAndValueThrows() {
        let subject = BehaviorSubject(value: 1)
        subject.onError(TestError("down"))
        let observer = TestScheduler().createObserver(Int.self)
        _ = subject.subscribe(observer)
        XCTAssertEqual(observer.events, [.error(0, TestError("down"))])
        XCTAssertThrowsError(try subject.value()) { XCTAssertEqual($0 as? TestError, TestError("down")) }
    }

    func testValueIsTheLatestElement() throws {
        let subject = BehaviorSubject(value: "a")
        subject.onNext("b")
        XCTAssertEqual(try subject.value(), "b")
    }

    func testObserverSubscribingDuringAnEventGetsTheCurrentValueOnce() {
        let subject = BehaviorSubject(value: 0)
        let late = Locked<[Int]>([])
        let bag = DisposeBag()
        subject.subscribe(onNext: { value in
            guard value == 1 else { return }
            subject.subscribe(onNext: { inner in late.withLock { $0.append(inner) } }).disposed(by: bag)
        }).disposed(by: bag)
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(late.current, [1, 2])
    }
}
