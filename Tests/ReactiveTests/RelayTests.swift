import XCTest
import Reactive
import ReactiveTesting

final class RelayTests: XCTestCase {
    func testPublishRelayForwardsAcceptedElementsWithoutReplay() {
        let relay = PublishRelay<Int>()
        let observer = TestScheduler().createObserver(Int.self)
        relay.accept(1)
        _ = relay.subscribe(observer)
        relay.accept(2)
        XCTAssertEqual(observer.events, [.next(0, 2)])
    }

    func testBehaviorRelayReplaysItsValueAndExposesIt() {
        let relay = BehaviorRelay(value: [1])
        relay.accept(relay.value + [2])
        let observer = TestScheduler().createObserver([Int].self)
        _ = relay.subscribe(observer)
        relay.accept([3])
        XCTAssertEqual(observer.events, [.next(0, [1, 2]), .next(0, [3])])
        XCTAssertEqual(relay.value, [3])
    }
}
