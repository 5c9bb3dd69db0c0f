// Ported from RxSwift, Tests/RxCocoaTests/Driver+Test.swift and SharedSequence+OperatorTest.swift
// (MIT, see README.md): the cases of the Driver conversions and operators Reactive keeps.
// RxCocoa's Driver delivers on the main thread; a headless Driver is given its scheduler, so
// these tests give it `MainQueue.scheduler` (a serial queue) or, where RxSwift's run in virtual
// time relying on `MainScheduler` running at once, an `ImmediateScheduler`.
import Dispatch
import Reactive
import ReactiveTesting
import XCTest

final class DriverTest: XCTestCase {
    private let backgroundScheduler = SerialDispatchQueueScheduler(label: "DriverTest.background")

    // test helpers that make sure that resulting driver operator honors definition
    // * only one subscription is made and shared - shareReplay(1)
    // * events are observed on main thread - observeOn(MainScheduler.instance)
    // * it can't error out - it needs to have catch somewhere
    private func subscribeTwiceOnBackgroundSchedulerAndOnlyOneSubscription<R: Equatable & Sendable>(
        _ driver: Driver<R>, subscribedOnBackground: () -> Void
    ) -> [R] {
        let firstElements = Var<[R]>([])
        let secondElements = Var<[R]>([])
        let subscribeFinished = expectation(description: "subscribeFinished")
        let expectation1 = Var<XCTestExpectation?>(nil)
        let expectation2 = Var<XCTestExpectation?>(nil)

        backgroundScheduler.schedule {
            for (elements, finished) in [(firstElements, expectation1), (secondElements, expectation2)] {
                let subscribing = Var(true)
                _ = driver.asObservable().subscribe { e in
                    if !subscribing.value { XCTAssertTrue(MainQueue.isMain) }
                    switch e {
                    case .next(let element): elements.value.append(element)
                    case .error(let error): XCTFail("Error passed \(error)")
                    case .completed: finished.value!.fulfill()
                    }
                }
                subscribing.value = false
            }
            // Events are observed on the main stand-in, so this runs after what the
            // subscriptions scheduled there.
            MainQueue.scheduler.schedule { subscribeFinished.fulfill() }
        }
        wait(for: [subscribeFinished], timeout: 10)

        expectation1.value = expectation(description: "finished1")
        expectation2.value = expectation(description: "finished2")
        subscribedOnBackground()
        wait(for: [expectation1.value!, expectation2.value!], timeout: 10)

        XCTAssertTrue(firstElements.value == secondElements.value)
        return firstElements.value
    }
}

// MARK: properties
extension DriverTest {
    func testDriverSharing_WhenErroring() {
        sharingCase()
    }

    func testDriverSharing_WhenCompleted() {
        sharingCase()
    }

    /// Both sharing cases of RxSwift's file have the same body.
    private func sharingCase(line: UInt = #line) {
        let scheduler = TestScheduler(initialClock: 0)
        let observer1 = scheduler.createObserver(Int.self)
        let observer2 = scheduler.createObserver(Int.self)
        let observer3 = scheduler.createObserver(Int.self)
        let (disposable1, disposable2, disposable3) = (Var<Disposable?>(nil), Var<Disposable?>(nil), Var<Disposable?>(nil))
        let coldObservable = scheduler.createColdObservable([.next(10, 0), .next(20, 1), .next(30, 2), .next(40, 3), .error(50, testError)])
        let driver = coldObservable.asDriver(onErrorJustReturn: -1, scheduler: ImmediateScheduler())

        scheduler.scheduleAt(200) { disposable1.value = driver.asObservable().subscribe(observer1) }
        scheduler.scheduleAt(225) { disposable2.value = driver.asObservable().subscribe(observer2) }
        scheduler.scheduleAt(235) { disposable1.value!.dispose() }
        scheduler.scheduleAt(260) { disposable2.value!.dispose() }
        // resubscription
        scheduler.scheduleAt(260) { disposable3.value = driver.asObservable().subscribe(observer3) }
        scheduler.scheduleAt(285) { disposable3.value!.dispose() }
        scheduler.start()

        XCTAssertEqual(observer1.events, [.next(210, 0), .next(220, 1), .next(230, 2)], line: line)
        XCTAssertEqual(observer2.events, [.next(225, 1), .next(230, 2), .next(240, 3), .next(250, -1), .completed(250)], line: line)
        XCTAssertEqual(observer3.events, [.next(270, 0), .next(280, 1)], line: line)
        XCTAssertEqual(coldObservable.subscriptions, [Subscription(200, 250), Subscription(260, 285)], line: line)
    }
}

// MARK: conversions, map, filter
extension DriverTest {
    func testAsDriver_onErrorJustReturn() {
        let hotObservable = BackgroundThreadPrimitiveHotObservable<Int>()
        let driver = hotObservable.asDriver(onErrorJustReturn: -1, scheduler: MainQueue.scheduler)
        let results = subscribeTwiceOnBackgroundSchedulerAndOnlyOneSubscription(driver) {
            emitOneTwoAndAnError(into: hotObservable)
        }
        XCTAssertEqual(results, [1, 2, -1])
    }

    func testAsDriver_map() {
        let hotObservable = BackgroundThreadPrimitiveHotObservable<Int>()
        let driver = hotObservable.asDriver(onErrorJustReturn: -1, scheduler: MainQueue.scheduler).map { (n: Int) -> Int in
            XCTAssertTrue(MainQueue.isMain)
            return n + 1
        }
        let results = subscribeTwiceOnBackgroundSchedulerAndOnlyOneSubscription(driver) {
            emitOneTwoAndAnError(into: hotObservable)
        }
        XCTAssertEqual(results, [2, 3, 0])
    }

    func testAsDriver_filter() {
        let hotObservable = BackgroundThreadPrimitiveHotObservable<Int>()
        let driver = hotObservable.asDriver(onErrorJustReturn: -1, scheduler: MainQueue.scheduler).filter { n in
            XCTAssertTrue(MainQueue.isMain)
            return n % 2 == 0
        }
        let results = subscribeTwiceOnBackgroundSchedulerAndOnlyOneSubscription(driver) {
            emitOneTwoAndAnError(into: hotObservable)
        }
        XCTAssertEqual(results, [2])
    }

    /// The body the conversion and operator cases share.
    private func emitOneTwoAndAnError(into hotObservable: BackgroundThreadPrimitiveHotObservable<Int>) {
        XCTAssertTrue(hotObservable.subscriptions == [SubscribedToHotObservable])
        hotObservable.on(.next(1))
        hotObservable.on(.next(2))
        hotObservable.on(.error(testError))
        XCTAssertTrue(hotObservable.subscriptions == [UnsunscribedFromHotObservable])
    }
}

// MARK: drive observer
extension DriverTest {
    func testDriveObserver() {
        let events = Var<[Recorded<Event<Int>>]>([])
        let observer: AnyObserver<Int> = AnyObserver { event in
            events.value.append(Recorded(time: 0, value: event))
        }
        _ = Observable.just(1).asDriver(onErrorJustReturn: 0, scheduler: ImmediateScheduler()).drive(observer)
        XCTAssertEqual(events.value[0].value.element!, 1)
    }
}
