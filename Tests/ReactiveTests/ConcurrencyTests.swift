import Foundation
import Locking
import Reactive
import ReactiveTesting
import XCTest

/// Run under `swift test --sanitize=thread --filter ReactiveTests`: these must be race-free.
final class ConcurrencyTests: XCTestCase {
    private let threads = 8
    private let perThread = 2_000

    func testEightThreadsEmittingIntoAPublishSubjectLoseNoEvent() {
        let subject = PublishSubject<Int>()
        let received = Locked<[Int]>([])
        let subscription = subject.subscribe(onNext: { value in received.withLock { $0.append(value) } })
        emitConcurrently { subject.onNext($0) }
        subscription.dispose()
        XCTAssertEqual(received.current.sorted(), Array(0..<(threads * perThread)))
    }

    func testEightThreadsEmittingIntoABehaviorSubjectLoseNoEventAndKeepTheLatestValue() throws {
        let subject = BehaviorSubject(value: -1)
        let received = Locked<[Int]>([])
        let subscription = subject.subscribe(onNext: { value in received.withLock { $0.append(value) } })
        emitConcurrently { subject.onNext($0) }
        subscription.dispose()
        XCTAssertEqual(received.current.sorted(), Array(-1..<(threads * perThread)))
        XCTAssertEqual(try subject.value(), received.current.last)
    }

    func testObserverIsNeverCalledConcurrently() {
        let subject = PublishSubject<Int>()
        let inside = Locked(0)
        let overlaps = Locked(0)
        let subscription = subject.map { $0 + 1 }.subscribe(onNext: { _ in
            if inside.withLock({ $0 += 1; return $0 }) > 1 { overlaps.withLock { $0 += 1 } }
            inside.withLock { $0 -= 1 }
        })
        emitConcurrently { subject.onNext($0) }
        subscription.dispose()
        XCTAssertEqual(overlaps.current, 0)
    }

    func testSubscribingAndDisposingWhileEmittingNeitherCrashesNorDeadlocks() {
        let subject = BehaviorSubject(value: 0)
        let bag = DisposeBag()
        emitConcurrently { value in
            if value.isMultiple(of: 3) {
                subject.subscribe(onNext: { _ in }).dispose()
            } else {
                subject.onNext(value)
            }
        }
        subject.subscribe(onNext: { _ in }).disposed(by: bag)
        XCTAssertTrue(subject.hasObservers)
    }

    /// Calls `emit` with every number below `threads × perThread`, from `threads` dedicated
    /// threads released together, and returns when all of them have finished.
    private func emitConcurrently(_ emit: @escaping @Sendable (Int) -> Void) {
        let perThread = self.perThread
        let ready = DispatchGroup()
        let finished = DispatchGroup()
        let go = DispatchSemaphore(value: 0)
        for thread in 0..<threads {
            ready.enter()
            finished.enter()
            Thread {
                ready.leave()
                go.wait()
                for index in 0..<perThread { emit(thread * perThread + index) }
                finished.leave()
            }.start()
        }
        ready.wait()
        for _ in 0..<threads { go.signal() }
        finished.wait()
    }
}
