// Ported from RxSwift, Tests/RxRelayTests/Observable+RelayBindTests.swift and
// Tests/RxCocoaTests/Observable+BindTests.swift (MIT, see README.md): binding to observers and
// to relays of the same element type (Reactive has no binding to optional relays or curried
// binders).
import Reactive
import ReactiveTesting
import XCTest

final class ObservableRelayBindTest: XCTestCase {
    func testBindToPublishRelay() {
        let events = Var<[Recorded<Event<Int>>]>([])
        let relay = PublishRelay<Int>()
        _ = relay.subscribe { event in events.value.append(Recorded(time: 0, value: event)) }

        _ = Observable.just(1).bind(to: relay)

        XCTAssertEqual(events.value, [.next(1)])
    }

    func testBindToPublishRelays() {
        let events1 = Var<[Recorded<Event<Int>>]>([])
        let events2 = Var<[Recorded<Event<Int>>]>([])
        let relay1 = PublishRelay<Int>()
        let relay2 = PublishRelay<Int>()
        _ = relay1.subscribe { event in events1.value.append(Recorded(time: 0, value: event)) }
        _ = relay2.subscribe { event in events2.value.append(Recorded(time: 0, value: event)) }

        _ = Observable.just(1).bind(to: relay1, relay2)

        XCTAssertEqual(events1.value, [.next(1)])
        XCTAssertEqual(events2.value, [.next(1)])
    }

    func testBindToBehaviorRelay() {
        let relay = BehaviorRelay<Int>(value: 0)
        _ = Observable.just(1).bind(to: relay)
        XCTAssertEqual(relay.value, 1)
    }

    func testBindToBehaviorRelays() {
        let relay1 = BehaviorRelay<Int>(value: 0)
        let relay2 = BehaviorRelay<Int>(value: 0)
        _ = Observable.just(1).bind(to: relay1, relay2)
        XCTAssertEqual(relay1.value, 1)
        XCTAssertEqual(relay2.value, 1)
    }
}

final class ObservableBindTest: XCTestCase {
    func testBindToObserver() {
        let events = Var<[Recorded<Event<Int>>]>([])
        let observer: AnyObserver<Int> = AnyObserver { event in
            events.value.append(Recorded(time: 0, value: event))
        }

        _ = Observable.just(1).bind(to: observer)

        XCTAssertEqual(events.value, [.next(1), .completed()])
    }
}
