// Ported from RxSwift, Tests/RxSwiftTests/SingleTest.swift (MIT, see README.md): the cases of
// the operators Reactive's `Single` keeps (`catch`, `catchAndReturn`, `retry`, `map`, `flatMap`,
// `observe(on:)`, `subscribe(on:)`). `toBlocking()` becomes a synchronous subscription: the
// singles involved answer synchronously.
import Reactive
import ReactiveTesting
import XCTest

final class SingleTest: XCTestCase {
    func testSingle_Subscription_success() {
        let xs = Single.just(1)
        let events = Var<[SingleEvent<Int>]>([])
        _ = xs.subscribe { event in events.value.append(event) }
        XCTAssertEqual(events.value, [.success(1)])
    }

    func testSingle_Subscription_error() {
        let xs = Single<Int>.error(testError)
        let events = Var<[SingleEvent<Int>]>([])
        _ = xs.subscribe { event in events.value.append(event) }
        XCTAssertEqual(events.value, [.failure(testError)])
    }

    func testSingle_create_success() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = Var<(@Sendable (SingleEvent<Int>) -> Void)?>(nil)
        let disposedTime = Var<Int?>(nil)

        scheduler.scheduleAt(201) { observer.value!(.success(1)) }
        scheduler.scheduleAt(202) { observer.value!(.success(1)) }
        scheduler.scheduleAt(203) { observer.value!(.failure(testError)) }

        let res = scheduler.start {
            Single<Int>.create { _observer in
                observer.value = _observer
                return Disposables.create { disposedTime.value = scheduler.clock }
            }.asObservable()
        }

        XCTAssertEqual(res.events, [.next(201, 1), .completed(201)])
        XCTAssertEqual(disposedTime.value, 201)
    }

    func testSingle_create_error() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = Var<(@Sendable (SingleEvent<Int>) -> Void)?>(nil)
        let disposedTime = Var<Int?>(nil)

        scheduler.scheduleAt(201) { observer.value!(.failure(testError)) }
        scheduler.scheduleAt(202) { observer.value!(.success(1)) }
        scheduler.scheduleAt(203) { observer.value!(.failure(testError)) }

        let res = scheduler.start {
            Single<Int>.create { _observer in
                observer.value = _observer
                return Disposables.create { disposedTime.value = scheduler.clock }
            }.asObservable()
        }

        XCTAssertEqual(res.events, [.error(201, testError)])
        XCTAssertEqual(disposedTime.value, 201)
    }

    func testSingle_create_disposing() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = Var<(@Sendable (SingleEvent<Int>) -> Void)?>(nil)
        let disposedTime = Var<Int?>(nil)
        let subscription = Var<Disposable?>(nil)
        let res = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(201) {
            subscription.value = Single<Int>.create { _observer in
                observer.value = _observer
                return Disposables.create { disposedTime.value = scheduler.clock }
            }
            .asObservable()
            .subscribe(res)
        }
        scheduler.scheduleAt(202) { subscription.value!.dispose() }
        scheduler.scheduleAt(203) { observer.value!(.success(1)) }
        scheduler.scheduleAt(204) { observer.value!(.failure(testError)) }

        scheduler.start()

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(disposedTime.value, 202)
    }
}

extension SingleTest {
    func test_just_producesElement() {
        let result = Var<Int?>(nil)
        _ = (Single.just(1) as Single<Int>).subscribe(onSuccess: { result.value = $0 })
        XCTAssertEqual(result.value, 1)
    }

    func test_error_fails() {
        let failure = Var<TestError?>(nil)
        _ = (Single<Int>.error(testError) as Single<Int>).subscribe(onSuccess: { _ in XCTFail() }, onFailure: { failure.value = $0 as? TestError })
        XCTAssertEqual(failure.value, testError)
    }

    func test_observeOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { (Single.just(1).observe(on: scheduler) as Single<Int>).asObservable() }
        XCTAssertEqual(res.events, [.next(201, 1), .completed(202)])
    }

    func test_subscribeOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { (Single.just(1).subscribe(on: scheduler) as Single<Int>).asObservable() }
        XCTAssertEqual(res.events, [.next(201, 1), .completed(201)])
    }

    func test_catchError() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { (Single.error(testError).catch { _ in Single.just(2) } as Single<Int>).asObservable() }
        XCTAssertEqual(res.events, [.next(200, 2), .completed(200)])
    }

    func test_catchErrorJustReturn() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { (Single.error(testError).catchAndReturn(2) as Single<Int>).asObservable() }
        XCTAssertEqual(res.events, [.next(200, 2), .completed(200)])
    }

    func test_retry() {
        let scheduler = TestScheduler(initialClock: 0)
        let isFirst = Var(true)
        let res = scheduler.start {
            (Single.error(testError)
                .catch { e in
                    defer { isFirst.value = false }
                    if isFirst.value { return Single.error(e) }
                    return Single.just(2)
                }
                .retry(2) as Single<Int>
            ).asObservable()
        }
        XCTAssertEqual(res.events, [.next(200, 2), .completed(200)])
    }

    func test_map() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { (Single<Int>.just(1).map { $0 * 2 } as Single<Int>).asObservable() }
        XCTAssertEqual(res.events, [.next(200, 2), .completed(200)])
    }

    func test_flatMap() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { (Single<Int>.just(1).flatMap { .just($0 * 2) } as Single<Int>).asObservable() }
        XCTAssertEqual(res.events, [.next(200, 2), .completed(200)])
    }
}
