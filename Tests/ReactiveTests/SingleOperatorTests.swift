import XCTest
import Reactive
import ReactiveTesting

final class SingleOperatorTests: XCTestCase {
    func testCatchRecoversWithAnotherSingle() {
        let outcome = Locked<String?>(nil)
        _ = Single<String>.error(TestError()).catch { _ in .just("cached") }
            .subscribe(onSuccess: { value in outcome.withLock { $0 = value } })
        XCTAssertEqual(outcome.current, "cached")
    }

    func testObserveOnDeliversTheOutcomeThroughTheScheduler() {
        let scheduler = TestScheduler()
        let res = scheduler.start { Single.just(1).observe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 1), .completed(202)])
    }

    func testRetryRunsTheWorkAgainAfterAFailure() {
        let attempts = Locked(0)
        let outcome = Locked<Int?>(nil)
        let request = Single<Int>.create { observer in
            let attempt = attempts.withLock { $0 += 1; return $0 }
            observer(attempt < 3 ? .failure(TestError()) : .success(attempt))
            return Disposables.create()
        }
        _ = request.retry(3).subscribe(onSuccess: { value in outcome.withLock { $0 = value } })
        XCTAssertEqual(outcome.current, 3)
    }
}
