import Locking
import Reactive
import ReactiveTesting
import XCTest

final class PublishSubjectTests: XCTestCase {
    func testSubscriberReceivesOnlyEventsAfterItSubscribed() {
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(100) { _ = subject.subscribe(early) }
        scheduler.scheduleAt(210) { subject.onNext(1) }
        scheduler.scheduleAt(250) { _ = subject.subscribe(late) }
        scheduler.scheduleAt(260) { subject.onNext(2) }
        scheduler.scheduleAt(300) { subject.onCompleted() }
        scheduler.scheduleAt(310) { subject.onNext(3) }
        scheduler.start()

        XCTAssertEqual(early.events, [.next(210, 1), .next(260, 2), .completed(300)])
        XCTAssertEqual(late.events, [.next(260, 2), .completed(300)])
    }

    func testSubscriberAfterTerminationReceivesOnlyTheTerminalEvent() {
        let subject = PublishSubject<Int>()
        subject.onNext(1)
        subject.onError(TestError("boom"))
        let observer = TestScheduler().createObserver(Int.self)
        _ = subject.subscribe(observer)
        XCTAssertEqual(observer.events, [.error(0, TestError("boom"))])
    }

    func testDisposedSubscriberReceivesNothingMore() {
        let subject = PublishSubject<Int>()
        let observer = TestScheduler().createObserver(Int.self)
        let subscription = subject.subscribe(observer)
        subject.onNext(1)
        subscription.dispose()
        subject.onNext(2)
        XCTAssertEqual(observer.events, [.next(0, 1)])
        XCTAssertFalse(subject.hasObservers)
    }

    func testObserverThatEmitsReentrantlyGetsTheEventAfterTheCurrentOneWithoutDeadlock() {
        let subject = PublishSubject<Int>()
        let received = Locked<[String]>([])
        _ = subject.subscribe(onNext: { value in
            received.withLock { $0.append("first \(value)") }
            if value == 1 { subject.onNext(2) }
        })
        _ = subject.subscribe(onNext: { value in received.withLock { $0.append("second \(value)") } })
        subject.onNext(1)
        XCTAssertEqual(received.current, ["first 1", "second 1", "first 2", "second 2"])
    }

    func testObserverMayDisposeAnotherSubscriptionDuringAnEvent() {
        let subject = PublishSubject<Int>()
        let received = Locked<[Int]>([])
        let second = Locked<Disposable?>(nil)
        _ = subject.subscribe(onNext: { _ in second.current?.dispose() })
        second.withLock { $0 = subject.subscribe(onNext: { value in received.withLock { $0.append(value) } }) }
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(received.current, [])
    }
}
