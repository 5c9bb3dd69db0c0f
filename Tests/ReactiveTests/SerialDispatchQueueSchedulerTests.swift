import Dispatch
import Locking
import Reactive
import ReactiveTesting
import XCTest

final class SerialDispatchQueueSchedulerTests: XCTestCase {
    func testRunsActionsInOrderAndSkipsDisposedOnes() {
        let scheduler = SerialDispatchQueueScheduler(label: "SerialDispatchQueueSchedulerTests")
        let gate = DispatchSemaphore(value: 0)
        let log = Locked<[String]>([])
        scheduler.schedule { gate.wait() }
        scheduler.schedule { log.withLock { $0.append("first") } }
        let cancelled = scheduler.schedule { log.withLock { $0.append("cancelled") } }
        scheduler.schedule { log.withLock { $0.append("last") } }
        cancelled.dispose()
        gate.signal()
        scheduler.queue.sync {}
        XCTAssertEqual(log.current, ["first", "last"])
    }

    func testRelativeActionRunsAfterTheDelayOnTheMonotonicClock() {
        let scheduler = SerialDispatchQueueScheduler(label: "SerialDispatchQueueSchedulerTests.relative")
        let start = scheduler.now
        let ranAt = Locked<RxTimeInterval?>(nil)
        let done = expectation(description: "ran")
        scheduler.scheduleRelative(0.02) {
            ranAt.withLock { $0 = scheduler.now }
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        XCTAssertGreaterThanOrEqual(ranAt.current! - start, 0.02)
    }
}
