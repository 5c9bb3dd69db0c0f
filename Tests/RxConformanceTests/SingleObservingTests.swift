// Not from RxSwift: a single's observer kept inside its subscription
// (`Single.subscribe(observing:)`), which behaves as a closure subscription does.
import Reactive
import XCTest

/// Records what it is told.
private struct Recorder: SingleObserving {
    let events: Var<[SingleEvent<Int>]>

    func on(_ event: SingleEvent<Int>) { events.value.append(event) }
}

final class SingleObservingTests: XCTestCase {
    func test_only_the_first_outcome_passes_then_the_work_is_disposed() {
        let events = Var<[SingleEvent<Int>]>([])
        let disposals = Var(0)
        let callback = Var<(@Sendable (SingleEvent<Int>) -> Void)?>(nil)
        let single = Single<Int>.create { observer in
            callback.value = observer
            return Disposables.create { disposals.value += 1 }
        }
        _ = single.subscribe(observing: Recorder(events: events))
        XCTAssertEqual(disposals.value, 0)
        callback.value!(.success(1))
        callback.value!(.success(2))
        callback.value!(.failure(testError))
        XCTAssertEqual(events.value, [.success(1)])
        XCTAssertEqual(disposals.value, 1)
    }

    func test_an_outcome_reported_during_the_subscription_disposes_the_work_it_returns() {
        let events = Var<[SingleEvent<Int>]>([])
        let disposals = Var(0)
        let single = Single<Int>.create { observer in
            observer(.failure(testError))
            return Disposables.create { disposals.value += 1 }
        }
        _ = single.subscribe(observing: Recorder(events: events))
        XCTAssertEqual(events.value, [.failure(testError)])
        XCTAssertEqual(disposals.value, 1)
    }

    func test_disposing_withdraws_the_observer_and_disposes_the_work_once() {
        let events = Var<[SingleEvent<Int>]>([])
        let disposals = Var(0)
        let callback = Var<(@Sendable (SingleEvent<Int>) -> Void)?>(nil)
        let subscription = Single<Int>.create { observer in
            callback.value = observer
            return Disposables.create { disposals.value += 1 }
        }.subscribe(observing: Recorder(events: events))
        subscription.dispose()
        subscription.dispose()
        callback.value!(.success(1))
        XCTAssertEqual(events.value, [])
        XCTAssertEqual(disposals.value, 1)
    }

    func test_a_single_over_an_observable_delivers_its_element_once() {
        let events = Var<[SingleEvent<Int>]>([])
        _ = Single(unchecked: Observable.just(7)).subscribe(observing: Recorder(events: events))
        XCTAssertEqual(events.value, [.success(7)])
    }
}
