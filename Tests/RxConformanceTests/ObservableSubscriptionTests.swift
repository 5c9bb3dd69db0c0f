// Ported from RxSwift, Tests/RxSwiftTests/Observable+SubscriptionTest.swift (MIT, see README.md).
import Reactive
import ReactiveTesting
import XCTest

final class ObservableSubscriptionTests: XCTestCase {
    /// What the four closures of one subscription saw (RxSwift's tests keep six `var`s).
    private final class Calls: Sendable {
        let onNextCalled = Var(0), onErrorCalled = Var(0), onCompletedCalled = Var(0), onDisposedCalled = Var(0)
        let lastElement = Var<Int?>(nil)
        let lastError = Var<TestError?>(nil)

        func subscribe(to subject: PublishSubject<Int>) -> Disposable {
            subject.subscribe(onNext: { n in
                self.lastElement.value = n
                self.onNextCalled.value += 1
            }, onError: { e in
                self.lastError.value = e as? TestError
                self.onErrorCalled.value += 1
            }, onCompleted: {
                self.onCompletedCalled.value += 1
            }, onDisposed: {
                self.onDisposedCalled.value += 1
            })
        }

        func assert(lastElement: Int?, lastError: TestError?, next: Int, error: Int, completed: Int, disposed: Int, line: UInt = #line) {
            XCTAssertTrue(self.lastElement.value == lastElement, line: line)
            XCTAssertTrue(self.lastError.value == lastError, line: line)
            XCTAssertTrue(onNextCalled.value == next, line: line)
            XCTAssertTrue(onErrorCalled.value == error, line: line)
            XCTAssertTrue(onCompletedCalled.value == completed, line: line)
            XCTAssertTrue(onDisposedCalled.value == disposed, line: line)
        }
    }

    func testSubscribeOnNext() {
        let publishSubject = PublishSubject<Int>()
        let calls = Calls()
        let subscription = calls.subscribe(to: publishSubject)
        calls.assert(lastElement: nil, lastError: nil, next: 0, error: 0, completed: 0, disposed: 0)

        publishSubject.on(.next(1))
        calls.assert(lastElement: 1, lastError: nil, next: 1, error: 0, completed: 0, disposed: 0)

        subscription.dispose()
        publishSubject.on(.next(2))
        calls.assert(lastElement: 1, lastError: nil, next: 1, error: 0, completed: 0, disposed: 1)
    }

    func testSubscribeOnError() {
        let publishSubject = PublishSubject<Int>()
        let calls = Calls()
        let subscription = calls.subscribe(to: publishSubject)
        calls.assert(lastElement: nil, lastError: nil, next: 0, error: 0, completed: 0, disposed: 0)

        publishSubject.on(.error(testError))
        calls.assert(lastElement: nil, lastError: testError, next: 0, error: 1, completed: 0, disposed: 1)

        subscription.dispose()
        publishSubject.on(.next(2))
        publishSubject.on(.completed)
        calls.assert(lastElement: nil, lastError: testError, next: 0, error: 1, completed: 0, disposed: 1)
    }

    func testSubscribeOnCompleted() {
        let publishSubject = PublishSubject<Int>()
        let calls = Calls()
        let subscription = calls.subscribe(to: publishSubject)
        calls.assert(lastElement: nil, lastError: nil, next: 0, error: 0, completed: 0, disposed: 0)

        publishSubject.on(.completed)
        calls.assert(lastElement: nil, lastError: nil, next: 0, error: 0, completed: 1, disposed: 1)

        subscription.dispose()
        publishSubject.on(.next(2))
        publishSubject.on(.error(testError))
        calls.assert(lastElement: nil, lastError: nil, next: 0, error: 0, completed: 1, disposed: 1)
    }

    func testDisposed() {
        let publishSubject = PublishSubject<Int>()
        let calls = Calls()
        let subscription = calls.subscribe(to: publishSubject)
        calls.assert(lastElement: nil, lastError: nil, next: 0, error: 0, completed: 0, disposed: 0)

        publishSubject.on(.next(1))
        subscription.dispose()
        publishSubject.on(.next(2))
        publishSubject.on(.error(testError))
        publishSubject.on(.completed)
        calls.assert(lastElement: 1, lastError: nil, next: 1, error: 0, completed: 0, disposed: 1)
    }
}
