import Locking
import Reactive
import ReactiveTesting
import XCTest

final class DisposeBagTests: XCTestCase {
    func testDisposesItsMembersOnDeinit() {
        let subject = PublishSubject<Int>()
        let received = Locked<[Int]>([])
        var bag: DisposeBag? = DisposeBag()
        subject.subscribe(onNext: { value in received.withLock { $0.append(value) } }).disposed(by: bag!)
        subject.onNext(1)
        bag = nil
        subject.onNext(2)
        XCTAssertEqual(received.current, [1])
        XCTAssertFalse(subject.hasObservers)
    }

    func testInsertAfterDisposeDisposesAtOnce() {
        let bag = DisposeBag()
        bag.dispose()
        let disposed = Locked(false)
        Disposables.create { disposed.withLock { $0 = true } }.disposed(by: bag)
        XCTAssertTrue(disposed.current)
    }

    func testSerialDisposableDisposesThePreviousOnReplace() {
        let serial = SerialDisposable()
        let first = Disposables.create(with: {})
        let second = Disposables.create(with: {})
        serial.disposable = first
        serial.disposable = second
        XCTAssertTrue(first.isDisposed)
        XCTAssertFalse(second.isDisposed)
        serial.dispose()
        XCTAssertTrue(second.isDisposed)
    }

    func testCompositeDisposableRemovesAndDisposesByKey() {
        let composite = CompositeDisposable()
        let member = Disposables.create(with: {})
        let key = composite.insert(member)!
        composite.remove(for: key)
        XCTAssertTrue(member.isDisposed)
        XCTAssertEqual(composite.count, 0)
        composite.dispose()
        let late = Disposables.create(with: {})
        XCTAssertNil(composite.insert(late))
        XCTAssertTrue(late.isDisposed)
    }
}
