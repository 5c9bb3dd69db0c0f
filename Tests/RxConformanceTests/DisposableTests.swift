// Ported from RxSwift, Tests/RxSwiftTests/DisposableTest.swift and DisposeBagTest.swift (MIT,
// see README.md): the disposables Reactive keeps (RxSwift's `CompositeDisposable(d1, d2, ...)`
// is `CompositeDisposable(disposables: [d1, d2, ...])` here).
import Reactive
import ReactiveTesting
import XCTest

final class DisposableTest: XCTestCase {
    func testActionDisposable() {
        let counter = Var(0)
        let disposable = Disposables.create { counter.value = counter.value + 1 }
        XCTAssert(counter.value == 0)
        disposable.dispose()
        XCTAssert(counter.value == 1)
        disposable.dispose()
        XCTAssert(counter.value == 1)
    }

    func testHotObservable_Disposing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(110, 1), .next(180, 2), .next(230, 3), .next(270, 4), .next(340, 5), .next(380, 6),
            .next(390, 7), .next(450, 8), .next(470, 9), .next(560, 10), .next(580, 11), .completed(600),
        ])
        let res = scheduler.start(disposed: 400) { () -> Observable<Int> in xs.asObservable() }
        XCTAssertEqual(res.events, [.next(230, 3), .next(270, 4), .next(340, 5), .next(380, 6), .next(390, 7)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testCompositeDisposable_TestNormal() {
        let numberDisposed = Var(0)
        let compositeDisposable = CompositeDisposable()
        let result1 = compositeDisposable.insert(Disposables.create { numberDisposed.value += 1 })
        _ = compositeDisposable.insert(Disposables.create { numberDisposed.value += 1 })

        XCTAssertEqual(numberDisposed.value, 0)
        XCTAssertEqual(compositeDisposable.count, 2)
        XCTAssertTrue(result1 != nil)

        compositeDisposable.dispose()
        XCTAssertEqual(numberDisposed.value, 2)
        XCTAssertEqual(compositeDisposable.count, 0)

        let result = compositeDisposable.insert(Disposables.create { numberDisposed.value += 1 })
        XCTAssertEqual(numberDisposed.value, 3)
        XCTAssertEqual(compositeDisposable.count, 0)
        XCTAssertTrue(result == nil)
    }

    func testCompositeDisposable_TestInitWithNumberOfDisposables() {
        let numberDisposed = Var(0)
        let disposables = (1...5).map { _ in Disposables.create { numberDisposed.value += 1 } }
        let compositeDisposable = CompositeDisposable(disposables: disposables)

        XCTAssertEqual(numberDisposed.value, 0)
        XCTAssertEqual(compositeDisposable.count, 5)

        compositeDisposable.dispose()
        XCTAssertEqual(numberDisposed.value, 5)
        XCTAssertEqual(compositeDisposable.count, 0)
    }

    func testCompositeDisposable_TestRemoving() {
        let numberDisposed = Var(0)
        let compositeDisposable = CompositeDisposable()
        let result1 = compositeDisposable.insert(Disposables.create { numberDisposed.value += 1 })
        let result2 = compositeDisposable.insert(Disposables.create { numberDisposed.value += 1 })

        XCTAssertEqual(numberDisposed.value, 0)
        XCTAssertEqual(compositeDisposable.count, 2)
        XCTAssertTrue(result1 != nil)

        compositeDisposable.remove(for: result2!)
        XCTAssertEqual(numberDisposed.value, 1)
        XCTAssertEqual(compositeDisposable.count, 1)

        compositeDisposable.dispose()
        XCTAssertEqual(numberDisposed.value, 2)
        XCTAssertEqual(compositeDisposable.count, 0)
    }

    func testDisposables_TestCreateWithNumberOfDisposables() {
        let numberDisposed = Var(0)
        let d = (1...5).map { _ in Disposables.create { numberDisposed.value += 1 } }
        let disposable = Disposables.create(d[0], d[1], d[2], d[3], d[4])

        XCTAssertEqual(numberDisposed.value, 0)
        disposable.dispose()
        XCTAssertEqual(numberDisposed.value, 5)
    }
}

final class DisposeBagTest: XCTestCase {
    func testDisposeBagInsert() {
        let disposable1 = TestDisposable()
        let disposable2 = TestDisposable()
        var disposeBag: DisposeBag? = DisposeBag()

        disposeBag?.insert(disposable1)
        disposeBag?.insert(disposable2)

        XCTAssert(disposable1.count == 0)
        XCTAssert(disposable2.count == 0)
        disposeBag = nil
        XCTAssert(disposable1.count == 1)
        XCTAssert(disposable2.count == 1)
    }
}

private final class TestDisposable: Disposable {
    private let disposals = Var(0)
    var count: Int { disposals.value }
    func dispose() { disposals.value += 1 }
}
