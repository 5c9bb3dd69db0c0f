import XCTest
import Reactive

final class DoTests: XCTestCase {
    func testRunsSideEffectsInOrderAndPassesEventsThrough() {
        let scheduler = TestScheduler()
        let log = Locked<[String]>([])
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start {
            xs.do(
                onNext: { value in log.withLock { $0.append("next \(value)") } },
                onCompleted: { log.withLock { $0.append("completed") } },
                onSubscribe: { log.withLock { $0.append("subscribe") } },
                onSubscribed: { log.withLock { $0.append("subscribed") } },
                onDispose: { log.withLock { $0.append("dispose") } }
            )
        }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(300)])
        XCTAssertEqual(log.current, ["subscribe", "subscribed", "next 1", "completed", "dispose"])
    }

    func testOnDisposeRunsWhenDisposedEarly() {
        let scheduler = TestScheduler()
        let disposedAt = Locked<Int?>(nil)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        _ = scheduler.start(disposed: 250) { xs.do(onDispose: { disposedAt.withLock { $0 = scheduler.clock } }) }
        XCTAssertEqual(disposedAt.current, 250)
    }
}
