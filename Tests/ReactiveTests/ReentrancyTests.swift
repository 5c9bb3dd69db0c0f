import Locking
import Reactive
import ReactiveTesting
import XCTest

/// Observers that subscribe, dispose or emit while handling an event must neither deadlock nor
/// see events out of order.
final class ReentrancyTests: XCTestCase {
    func testObserverCanDisposeItsOwnSubscriptionDuringAnEvent() {
        let subject = PublishSubject<Int>()
        let received = Locked<[Int]>([])
        let subscription = Locked<Disposable?>(nil)
        subscription.withLock {
            $0 = subject.map { $0 * 10 }.subscribe(onNext: { value in
                received.withLock { $0.append(value) }
                subscription.current?.dispose()
            })
        }
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(received.current, [10])
        XCTAssertFalse(subject.hasObservers)
    }

    func testObserverFeedingItsOwnSourceGetsEventsInOrderNotNested() {
        let subject = PublishSubject<Int>()
        let log = Locked<[String]>([])
        let bag = DisposeBag()
        subject.filter { $0 < 3 }.subscribe(onNext: { value in
            log.withLock { $0.append("begin \(value)") }
            subject.onNext(value + 1)
            log.withLock { $0.append("end \(value)") }
        }).disposed(by: bag)
        subject.onNext(1)
        XCTAssertEqual(log.current, ["begin 1", "end 1", "begin 2", "end 2"])
    }

    func testBehaviorRelayObserverAcceptingIntoTheRelaySeesEveryValueOnce() {
        let relay = BehaviorRelay(value: 0)
        let seen = Locked<[Int]>([])
        let bag = DisposeBag()
        relay.subscribe(onNext: { value in
            seen.withLock { $0.append(value) }
            if value < 3 { relay.accept(value + 1) }
        }).disposed(by: bag)
        XCTAssertEqual(seen.current, [0, 1, 2, 3])
        XCTAssertEqual(relay.value, 3)
    }
}
