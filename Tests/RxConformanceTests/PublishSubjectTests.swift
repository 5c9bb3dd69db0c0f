// Ported from RxSwift, Tests/RxSwiftTests/PublishSubjectTest.swift (MIT, see README.md).
import Reactive
import ReactiveTesting
import XCTest

final class PublishSubjectTest: XCTestCase {
    func test_hasObserversNoObservers() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = Var<PublishSubject<Int>?>(nil)
        scheduler.scheduleAt(100) { subject.value = PublishSubject<Int>() }
        scheduler.scheduleAt(250) { XCTAssertFalse(subject.value!.hasObservers) }
        scheduler.start()
    }

    func test_hasObserversOneObserver() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = Var<PublishSubject<Int>?>(nil)
        let results1 = scheduler.createObserver(Int.self)
        let subscription1 = Var<Disposable?>(nil)

        scheduler.scheduleAt(100) { subject.value = PublishSubject<Int>() }
        scheduler.scheduleAt(250) { XCTAssertFalse(subject.value!.hasObservers) }
        scheduler.scheduleAt(300) { subscription1.value = subject.value!.subscribe(results1) }
        scheduler.scheduleAt(350) { XCTAssertTrue(subject.value!.hasObservers) }
        scheduler.scheduleAt(400) { subscription1.value!.dispose() }
        scheduler.scheduleAt(450) { XCTAssertFalse(subject.value!.hasObservers) }
        scheduler.start()
    }

    func test_hasObserversManyObserver() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = Var<PublishSubject<Int>?>(nil)
        let results = (1...3).map { _ in scheduler.createObserver(Int.self) }
        let subscriptions = (1...3).map { _ in Var<Disposable?>(nil) }

        scheduler.scheduleAt(100) { subject.value = PublishSubject<Int>() }
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
