// Ported from RxSwift, Tests/RxSwiftTests/Observable+ObserveOnTests.swift (MIT, see README.md):
// the serial dispatch queue cases. Reactive has no concurrent scheduler, and RxSwift itself
// skips the `testDisposeWithEnqueued*` cases on Linux.
import Dispatch
import Foundation
import Reactive
import ReactiveTesting
import XCTest

final class ObservableObserveOnTest: XCTestCase {
    private func runDispatchQueueSchedulerTests(_ tests: (SerialDispatchQueueScheduler) -> Disposable) {
        let scheduler = SerialDispatchQueueScheduler(label: "testQueue1")
        runDispatchQueueSchedulerTests(scheduler, tests: tests).dispose()
    }

    private func runDispatchQueueSchedulerTests(_ scheduler: SerialDispatchQueueScheduler, tests: (SerialDispatchQueueScheduler) -> Disposable) -> Disposable {
        // simplest possible solution, even though it has horrible efficiency in this case probably
        let disposable = tests(scheduler)
        let expectation = expectation(description: "Wait for all tests to complete")
        scheduler.schedule { expectation.fulfill() }
        wait(for: [expectation], timeout: 10)
        return disposable
    }

    private func runDispatchQueueSchedulerMultiplexedTests(_ tests: [(SerialDispatchQueueScheduler) -> Disposable]) {
        let scheduler = SerialDispatchQueueScheduler(label: "testQueue1")
        let compositeDisposable = CompositeDisposable()
        for test in tests {
            compositeDisposable.insert(runDispatchQueueSchedulerTests(scheduler, tests: test))
        }
        compositeDisposable.dispose()
    }

    func testObserveOnDispatchQueue_DoesPerformWorkOnQueue() {
        let unitTestsThread = ObjectIdentifier(Thread.current)
        let didExecute = Var(false)
        runDispatchQueueSchedulerTests { scheduler in
            let observable = Observable.just(0).observe(on: scheduler)
            return observable.subscribe(onNext: { _ in
                didExecute.value = true
                XCTAssert(ObjectIdentifier(Thread.current) != unitTestsThread)
            })
        }
        XCTAssert(didExecute.value)
    }

    func testObserveOnDispatchQueue_DeadlockErrorImmediately() {
        let nEvents = Var(0)
        runDispatchQueueSchedulerTests { scheduler in
            let observable: Observable<Int> = Observable.error(testError).observe(on: scheduler)
            return observable.subscribe(onError: { _ in nEvents.value += 1 })
        }
        XCTAssertEqual(nEvents.value, 1)
    }

    func testObserveOnDispatchQueue_DeadlockEmpty() {
        let nEvents = Var(0)
        runDispatchQueueSchedulerTests { scheduler in
            let observable: Observable<Int> = Observable.empty().observe(on: scheduler)
            return observable.subscribe(onCompleted: { nEvents.value += 1 })
        }
        XCTAssertEqual(nEvents.value, 1)
    }

    func testObserveOnDispatchQueue_Never() {
        runDispatchQueueSchedulerTests { scheduler in
            let xs: Observable<Int> = Observable.never()
            return xs.observe(on: scheduler).subscribe(onNext: { _ in XCTAssert(false) })
        }
    }

    func testObserveOnDispatchQueue_Simple() {
        let xs = PrimitiveHotObservable<Int>()
        let observer = PrimitiveMockObserver<Int>()
        runDispatchQueueSchedulerMultiplexedTests([
            { scheduler in
                let subscription = xs.observe(on: scheduler).subscribe(observer)
                XCTAssert(xs.subscriptions == [SubscribedToHotObservable])
                xs.on(.next(0))
                return subscription
            },
            { _ in
                XCTAssertEqual(observer.events, [.next(0)])
                xs.on(.next(1))
                xs.on(.next(2))
                return Disposables.create()
            },
            { _ in
                XCTAssertEqual(observer.events, [.next(0), .next(1), .next(2)])
                XCTAssert(xs.subscriptions == [SubscribedToHotObservable])
                xs.on(.completed)
                return Disposables.create()
            },
            { _ in
                XCTAssertEqual(observer.events, [.next(0), .next(1), .next(2), .completed()])
                XCTAssert(xs.subscriptions == [UnsunscribedFromHotObservable])
                return Disposables.create()
            },
        ])
    }

    func testObserveOnDispatchQueue_Empty() {
        let xs = PrimitiveHotObservable<Int>()
        let observer = PrimitiveMockObserver<Int>()
        runDispatchQueueSchedulerMultiplexedTests([
            { scheduler in
                let subscription = xs.observe(on: scheduler).subscribe(observer)
                XCTAssert(xs.subscriptions == [SubscribedToHotObservable])
                xs.on(.completed)
                return subscription
            },
            { _ in
                XCTAssertEqual(observer.events, [.completed()])
                XCTAssert(xs.subscriptions == [UnsunscribedFromHotObservable])
                return Disposables.create()
            },
        ])
    }

    func testObserveOnDispatchQueue_Error() {
        let xs = PrimitiveHotObservable<Int>()
        let observer = PrimitiveMockObserver<Int>()
        runDispatchQueueSchedulerMultiplexedTests([
            { scheduler in
                let subscription = xs.observe(on: scheduler).subscribe(observer)
                XCTAssert(xs.subscriptions == [SubscribedToHotObservable])
                xs.on(.next(0))
                return subscription
            },
            { _ in
                XCTAssertEqual(observer.events, [.next(0)])
                xs.on(.next(1))
                xs.on(.next(2))
                return Disposables.create()
            },
            { _ in
                XCTAssertEqual(observer.events, [.next(0), .next(1), .next(2)])
                XCTAssert(xs.subscriptions == [SubscribedToHotObservable])
                xs.on(.error(testError))
                return Disposables.create()
            },
            { _ in
                XCTAssertEqual(observer.events, [.next(0), .next(1), .next(2), .error(testError)])
                XCTAssert(xs.subscriptions == [UnsunscribedFromHotObservable])
                return Disposables.create()
            },
        ])
    }

    func testObserveOnDispatchQueue_Dispose() {
        let xs = PrimitiveHotObservable<Int>()
        let observer = PrimitiveMockObserver<Int>()
        let subscription = Var<Disposable?>(nil)
        runDispatchQueueSchedulerMultiplexedTests([
            { scheduler in
                subscription.value = xs.observe(on: scheduler).subscribe(observer)
                XCTAssert(xs.subscriptions == [SubscribedToHotObservable])
                xs.on(.next(0))
                return subscription.value!
            },
            { _ in
                XCTAssertEqual(observer.events, [.next(0)])
                XCTAssert(xs.subscriptions == [SubscribedToHotObservable])
                subscription.value!.dispose()
                XCTAssert(xs.subscriptions == [UnsunscribedFromHotObservable])
                xs.on(.error(testError))
                return Disposables.create()
            },
            { _ in
                XCTAssertEqual(observer.events, [.next(0)])
                XCTAssert(xs.subscriptions == [UnsunscribedFromHotObservable])
                return Disposables.create()
            },
        ])
    }
}
