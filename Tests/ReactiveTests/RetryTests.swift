import Locking
import Reactive
import ReactiveTesting
import XCTest

final class RetryTests: XCTestCase {
    func testRetryStopsAtTheFirstSuccess() {
        let scheduler = TestScheduler()
        let attempts = Locked(0)
        let source = Observable<String>.create { observer in
            let attempt = attempts.withLock { $0 += 1; return $0 }
            if attempt < 2 { observer.onError(TestError()) } else { observer.onNext("ok"); observer.onCompleted() }
            return Disposables.create()
        }
        let res = scheduler.start { source.retry(5) }
        XCTAssertEqual(res.events, [.next(200, "ok"), .completed(200)])
        XCTAssertEqual(attempts.current, 2)
    }
}

extension RetryTests {
    /// A source that fails while it is being subscribed is retried in a loop after `subscribe`
    /// returns (RxSwift's trampoline), not by recursing once per attempt: 100,000 such failures
    /// would overflow the stack.
    func testSynchronousFailuresAreRetriedWithoutGrowingTheStack() {
        let failures = 100_000
        let attempts = Locked(0)
        let source = Observable<Int>.create { observer in
            let attempt = attempts.withLock { $0 += 1; return $0 }
            if attempt <= failures {
                observer.onError(TestError("attempt \(attempt)"))
            } else {
                observer.onNext(attempt)
                observer.onCompleted()
            }
            return Disposables.create()
        }
        let result = Locked<Int?>(nil)
        _ = source.retry(failures + 1).subscribe(onNext: { value in result.withLock { $0 = value } })
        XCTAssertEqual(result.current, failures + 1)
    }
}
