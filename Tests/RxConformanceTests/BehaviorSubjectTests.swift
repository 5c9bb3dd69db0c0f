// Ported from RxSwift, Tests/RxSwiftTests/BehaviorSubjectTest.swift (MIT, see README.md).
import Reactive
import ReactiveTesting
import XCTest

final class BehaviorSubjectTest: XCTestCase {
    /// The schedule the first four cases share: a subject created at 100 that `xs` feeds from 200
    /// to 1000, and three observers subscribed and disposed around it.
    private func run(_ scheduler: TestScheduler, _ xs: TestableObservable<Int>) -> (TestableObserver<Int>, TestableObserver<Int>, TestableObserver<Int>) {
        let subject = Var<BehaviorSubject<Int>?>(nil)
        let subscription = Var<Disposable?>(nil)
        let results1 = scheduler.createObserver(Int.self)
        let subscription1 = Var<Disposable?>(nil)
        let results2 = scheduler.createObserver(Int.self)
        let subscription2 = Var<Disposable?>(nil)
        let results3 = scheduler.createObserver(Int.self)
        let subscription3 = Var<Disposable?>(nil)

        scheduler.scheduleAt(100) { subject.value = BehaviorSubject<Int>(value: 100) }
        scheduler.scheduleAt(200) { subscription.value = xs.subscribe(subject.value!) }
        scheduler.scheduleAt(1000) { subscription.value!.dispose() }

        scheduler.scheduleAt(300) { subscription1.value = subject.value!.subscribe(results1) }
        scheduler.scheduleAt(400) { subscription2.value = subject.value!.subscribe(results2) }
        scheduler.scheduleAt(900) { subscription3.value = subject.value!.subscribe(results3) }

        scheduler.scheduleAt(600) { subscription1.value!.dispose() }
        scheduler.scheduleAt(700) { subscription2.value!.dispose() }
        scheduler.scheduleAt(800) { subscription1.value!.dispose() }
        scheduler.scheduleAt(950) { subscription3.value!.dispose() }

        scheduler.start()
        return (results1, results2, results3)
    }

    func test_Infinite() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5), .next(410, 6),
            .next(520, 7), .next(630, 8), .next(710, 9), .next(870, 10), .next(940, 11), .next(1020, 12),
        ])
        let (results1, results2, results3) = run(scheduler, xs)
        XCTAssertEqual(results1.events, [.next(300, 4), .next(340, 5), .next(410, 6), .next(520, 7)])
        XCTAssertEqual(results2.events, [.next(400, 5), .next(410, 6), .next(520, 7), .next(630, 8)])
        XCTAssertEqual(results3.events, [.next(900, 10), .next(940, 11)])
    }

    func test_Finite() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5), .next(410, 6),
            .next(520, 7), .completed(630), .next(640, 9), .completed(650), .error(660, testError),
        ])
        let (results1, results2, results3) = run(scheduler, xs)
        XCTAssertEqual(results1.events, [.next(300, 4), .next(340, 5), .next(410, 6), .next(520, 7)])
        XCTAssertEqual(results2.events, [.next(400, 5), .next(410, 6), .next(520, 7), .completed(630)])
        XCTAssertEqual(results3.events, [.completed(900)])
    }

    func test_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5), .next(410, 6),
            .next(520, 7), .error(630, testError), .next(640, 9), .completed(650), .error(660, testError),
        ])
        let (results1, results2, results3) = run(scheduler, xs)
        XCTAssertEqual(results1.events, [.next(300, 4), .next(340, 5), .next(410, 6), .next(520, 7)])
        XCTAssertEqual(results2.events, [.next(400, 5), .next(410, 6), .next(520, 7), .error(630, testError)])
        XCTAssertEqual(results3.events, [.error(900, testError)])
    }

    func test_Canceled() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(630), .next(640, 9), .completed(650), .error(660, testError)])
        let (results1, results2, results3) = run(scheduler, xs)
        XCTAssertEqual(results1.events, [.next(300, 100)])
        XCTAssertEqual(results2.events, [.next(400, 100), .completed(630)])
        XCTAssertEqual(results3.events, [.completed(900)])
    }

    func test_hasObserversNoObservers() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = Var<BehaviorSubject<Int>?>(nil)
        scheduler.scheduleAt(100) { subject.value = BehaviorSubject<Int>(value: 100) }
        scheduler.scheduleAt(250) { XCTAssertFalse(subject.value!.hasObservers) }
        scheduler.start()
    }

    func test_hasObserversOneObserver() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = Var<BehaviorSubject<Int>?>(nil)
        let results1 = scheduler.createObserver(Int.self)
        let subscription1 = Var<Disposable?>(nil)

        scheduler.scheduleAt(100) { subject.value = BehaviorSubject<Int>(value: 100) }
        scheduler.scheduleAt(250) { XCTAssertFalse(subject.value!.hasObservers) }
        scheduler.scheduleAt(300) { subscription1.value = subject.value!.subscribe(results1) }
        scheduler.scheduleAt(350) { XCTAssertTrue(subject.value!.hasObservers) }
        scheduler.scheduleAt(400) { subscription1.value!.dispose() }
        scheduler.scheduleAt(450) { XCTAssertFalse(subject.value!.hasObservers) }
        scheduler.start()
    }

    func test_hasObserversManyObserver() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = Var<BehaviorSubject<Int>?>(nil)
        let results = (1...3).map { _ in scheduler.createObserver(Int.self) }
        let subscriptions = (1...3).map { _ in Var<Disposable?>(nil) }

        scheduler.scheduleAt(100) { subject.value = BehaviorSubject<Int>(value: 100) }
        scheduler.scheduleAt(250) { XCTAssertFalse(subject.value!.hasObservers) }
        scheduler.scheduleAt(300) { subscriptions[0].value = subject.value!.subscribe(results[0]) }
        scheduler.scheduleAt(301) { subscriptions[1].value = subject.value!.subscribe(results[1]) }
        scheduler.scheduleAt(302) { subscriptions[2].value = subject.value!.subscribe(results[2]) }
        scheduler.scheduleAt(350) { XCTAssertTrue(subject.value!.hasObservers) }
        scheduler.scheduleAt(400) { subscriptions[0].value!.dispose() }
        scheduler.scheduleAt(405) { XCTAssertTrue(subject.value!.hasObservers) }
        scheduler.scheduleAt(410) { subscriptions[1].value!.dispose() }
        scheduler.scheduleAt(415) { XCTAssertTrue(subject.value!.hasObservers) }
        scheduler.scheduleAt(420) { subscriptions[2].value!.dispose() }
        scheduler.scheduleAt(450) { XCTAssertFalse(subject.value!.hasObservers) }
        scheduler.start()
    }
}
