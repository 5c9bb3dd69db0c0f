import XCTest
import Reactive
import ReactiveTesting

final class BindTests: XCTestCase {
    func testBindToRelaysAcceptsEveryElementAndIgnoresCompletion() {
        let current = BehaviorRelay(value: 0)
        let updates = PublishRelay<Int>()
        let received = Locked<[Int]>([])
        let bag = DisposeBag()
        updates.subscribe(onNext: { value in received.withLock { $0.append(value) } }).disposed(by: bag)

        Observable.just(2).bind(to: current).disposed(by: bag)
        Observable.just(3).bind(to: updates).disposed(by: bag)
        Observable.just(4).bind(to: updates).disposed(by: bag)

        XCTAssertEqual(current.value, 2)
        XCTAssertEqual(received.current, [3, 4])
        updates.accept(5)
        XCTAssertEqual(received.current, [3, 4, 5])
    }

    func testBindToObserversForwardsEveryEvent() {
        let subject = PublishSubject<String>()
        let observer = TestScheduler().createObserver(String.self)
        _ = subject.subscribe(observer)
        _ = Observable.just("a").bind(to: subject)
        XCTAssertEqual(observer.events, [.next(0, "a"), .completed(0)])
    }
}
