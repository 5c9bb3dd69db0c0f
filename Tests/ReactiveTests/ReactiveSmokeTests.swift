import Locking
@testable import Reactive
import ReactiveTesting
import XCTest

final class ReactiveSmokeTests: XCTestCase {
    func testCreateStopsAfterCompletion() {
        let received = Locked<[String]>([])
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            observer.onNext(2)
            return Disposables.create()
        }
        _ = source.subscribe { event in received.withLock { $0.append(event.description) } }
        XCTAssertEqual(received.current, ["next(1)", "completed"])
    }
}
