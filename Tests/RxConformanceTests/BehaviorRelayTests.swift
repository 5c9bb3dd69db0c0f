// Ported from RxSwift, Tests/RxCocoaTests/BehaviorRelayTests.swift (MIT, see README.md). The
// relay's value is set with `accept(_:)`, as in RxRelay (the tests predate it and assign `value`).
import Reactive
import ReactiveTesting
import XCTest

final class BehaviorRelayTests: XCTestCase {
    private var behaviorRelay: BehaviorRelay<String>!
    private var bag: DisposeBag!
    private let initialValue = "initialValue"
    private let nextValue = "nextValue"
    private let finalValue = "final value"

    override func setUp() {
        behaviorRelay = BehaviorRelay(value: initialValue)
        bag = DisposeBag()
    }

    func testSetValue_getInitialValue() {
        XCTAssertEqual(behaviorRelay.value, initialValue)
    }

    func testSetValue_valueIsChanged() {
        behaviorRelay.accept(nextValue)
        XCTAssertEqual(behaviorRelay.value, nextValue)
    }

    func testSetValue_newValueReflectsInSubscription() {
        let latestValue = Var<String?>(nil)
        behaviorRelay.asObservable().subscribe(onNext: { next in
            latestValue.value = next
        }).disposed(by: bag)

        behaviorRelay.accept(finalValue)

        XCTAssertEqual(latestValue.value!, finalValue)
    }
}
