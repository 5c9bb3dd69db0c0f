import Locking
import Reactive
import ReactiveTesting
import XCTest

final class TestSchedulerTests: XCTestCase {
    func testRunsActionsInTimeOrderAndSameTickActionsInSchedulingOrder() {
        let scheduler = TestScheduler()
        let log = Locked<[String]>([])
        scheduler.scheduleAt(300) { log.withLock { $0.append("c@\(scheduler.clock)") } }
        scheduler.scheduleAt(200) { log.withLock { $0.append("a@\(scheduler.clock)") } }
        scheduler.scheduleAt(200) { log.withLock { $0.append("b@\(scheduler.clock)") } }
        scheduler.start()
        XCTAssertEqual(log.current, ["a@200", "b@200", "c@300"])
    }

    func testAdvanceToRunsOnlyWhatIsDueAndMovesTheClock() {
        let scheduler = TestScheduler()
        let ran = Locked<[Int]>([])
        scheduler.scheduleAt(100) { ran.withLock { $0.append(100) } }
        scheduler.scheduleAt(500) { ran.withLock { $0.append(500) } }
        scheduler.advanceTo(250)
        XCTAssertEqual(ran.current, [100])
        XCTAssertEqual(scheduler.clock, 250)
        scheduler.advanceTo(500)
        XCTAssertEqual(ran.current, [100, 500])
    }

    func testNowIsTicksTimesResolutionAndDelaysRoundUpToWholeTicks() {
        let scheduler = TestScheduler(resolution: 0.01)
        scheduler.advanceTo(150)
        XCTAssertEqual(scheduler.now, 1.5, accuracy: 1e-9)
        XCTAssertEqual(scheduler.ticks(0.3), 30)
        XCTAssertEqual(scheduler.ticks(0.001), 1)
        XCTAssertEqual(scheduler.ticks(0), 0)
    }

    func testWorkScheduledForNowRunsOneTickLaterWithSimulatedProcessingDelay() {
        let delayed = TestScheduler()
        let immediate = TestScheduler(simulateProcessingDelay: false)
        let times = Locked<[Int]>([])
        for scheduler in [delayed, immediate] {
            scheduler.scheduleAt(10) { scheduler.schedule { times.withLock { $0.append(scheduler.clock) } } }
            scheduler.start()
        }
        XCTAssertEqual(times.current, [11, 10])
    }

    func testDisposedActionDoesNotRun() {
        let scheduler = TestScheduler()
        let ran = Locked(false)
        let action = scheduler.scheduleAt(10) { ran.withLock { $0 = true } }
        action.dispose()
        scheduler.start()
        XCTAssertFalse(ran.current)
    }

    func testColdObservableStartsItsTimelineAtEachSubscription() {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, "x"), .completed(20)])
        let first = scheduler.createObserver(String.self)
        let second = scheduler.createObserver(String.self)
        scheduler.scheduleAt(100) { _ = xs.subscribe(first) }
        scheduler.scheduleAt(300) { _ = xs.subscribe(second) }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(110, "x"), .completed(120)])
        XCTAssertEqual(second.events, [.next(310, "x"), .completed(320)])
    }

    /// As in RxTest, absolute and virtual-time scheduling run at the tick given, even the
    /// current one; only the `SchedulerType` face adds the simulated processing delay.
    func testScheduleAtAndScheduleRelativeVirtualRunAtTheGivenTick() {
        let scheduler = TestScheduler()
        let times = Locked<[String]>([])
        scheduler.scheduleAt(10) {
            scheduler.scheduleAt(scheduler.clock) { times.withLock { $0.append("at \(scheduler.clock)") } }
            scheduler.scheduleRelativeVirtual(0) { times.withLock { $0.append("virtual 0 \(scheduler.clock)") } }
            scheduler.scheduleRelativeVirtual(5) { times.withLock { $0.append("virtual 5 \(scheduler.clock)") } }
            scheduler.schedule { times.withLock { $0.append("schedule \(scheduler.clock)") } }
        }
        scheduler.start()
        XCTAssertEqual(times.current, ["at 10", "virtual 0 10", "schedule 11", "virtual 5 15"])
    }

    func testAColdObservableEmitsItsTickZeroEventsAtTheSubscriptionTick() {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(0, "now"), .completed(0)])
        let res = scheduler.start { xs }
        XCTAssertEqual(res.events, [.next(200, "now"), .completed(200)])
    }

    func testStartUsesRxTestsDefaultTimes() {
        XCTAssertEqual([TestScheduler.Defaults.created, TestScheduler.Defaults.subscribed, TestScheduler.Defaults.disposed], [100, 200, 1000])
        let scheduler = TestScheduler()
        let created = Locked<TestTime?>(nil)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(300, 2), .next(1001, 3)])
        let res = scheduler.start { () -> TestableObservable<Int> in
            created.withLock { $0 = scheduler.clock }
            return xs
        }
        XCTAssertEqual(created.current, 100)
        XCTAssertEqual(res.events, [.next(300, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testADisposedActionDoesNotMoveTheClock() {
        let scheduler = TestScheduler()
        scheduler.scheduleAt(10) {}
        scheduler.scheduleAt(500) {}.dispose()
        scheduler.start()
        XCTAssertEqual(scheduler.clock, 10)
    }
}
