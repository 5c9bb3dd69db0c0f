// Ported from RxSwift, Tests/RxSwiftTests/Observable+ShareReplayScopeTests.swift (MIT, see
// README.md): the `.whileConnected` cases (Reactive has no `.forever` scope), for every replay
// size 0...4.
import Reactive
import ReactiveTesting
import XCTest

final class ObservableShareReplayScopeTests: XCTestCase {
    private typealias Defaults = TestScheduler.Defaults

    func test_testDefaultArguments() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(320, 6), .next(550, 7)])
        let (res1, res2, res3) = runThreeObservers(scheduler) { xs.share() }

        XCTAssertEqual(res1.events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(320, 6)])
        let replayedEvents2 = (0..<0).map { Recorded.next(300, 6 - 0 + $0) }
        XCTAssertEqual(res2.events, replayedEvents2 + [.next(320, 6)])
        XCTAssertEqual(res3.events, [.next(550, 7)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400), Subscription(500, 600)])
    }

    func test_whileConnected_receivesCorrectElements() {
        for i in 0..<5 {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(320, 6), .next(550, 7)])
            let (res1, res2, res3) = runThreeObservers(scheduler) { xs.share(replay: i, scope: .whileConnected) }

            XCTAssertEqual(res1.events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(320, 6)])
            let replayedEvents2 = (0..<i).map { Recorded.next(300, 6 - i + $0) }
            XCTAssertEqual(res2.events, replayedEvents2 + [.next(320, 6)])
            XCTAssertEqual(res3.events, [.next(550, 7)])
            XCTAssertEqual(xs.subscriptions, [Subscription(200, 400), Subscription(500, 600)])
        }
    }

    /// The schedule the first two cases share: `share` at 100, two observers from 200 and 300 to
    /// 350 and 400, a third from 500 to 600.
    private func runThreeObservers(_ scheduler: TestScheduler, share: @escaping @Sendable () -> Observable<Int>) -> (
        TestableObserver<Int>, TestableObserver<Int>, TestableObserver<Int>
    ) {
        let (subscription1, subscription2, subscription3) = (Var<Disposable?>(nil), Var<Disposable?>(nil), Var<Disposable?>(nil))
        let res1 = scheduler.createObserver(Int.self)
        let res2 = scheduler.createObserver(Int.self)
        let res3 = scheduler.createObserver(Int.self)
        let ys = Var<Observable<Int>?>(nil)

        scheduler.scheduleAt(Defaults.created) { ys.value = share() }
        scheduler.scheduleAt(200) { subscription1.value = ys.value!.subscribe(res1) }
        scheduler.scheduleAt(300) { subscription2.value = ys.value!.subscribe(res2) }
        scheduler.scheduleAt(350) { subscription1.value!.dispose() }
        scheduler.scheduleAt(400) { subscription2.value!.dispose() }
        scheduler.scheduleAt(500) { subscription3.value = ys.value!.subscribe(res3) }
        scheduler.scheduleAt(600) { subscription3.value!.dispose() }
        scheduler.start()
        return (res1, res2, res3)
    }

    func test_whileConnected_error() {
        for i in 0..<5 {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(320, 6),
                .error(330, testError), .next(340, -1), .next(550, 7),
            ])
            let res = runResubscribingObservers(scheduler) { xs.share(replay: i, scope: .whileConnected) }

            XCTAssertEqual(res.res1.events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(320, 6), .error(330, testError)])
            XCTAssertEqual(res.res1_.events, [.next(340, -1)])
            XCTAssertEqual(res.res2_.events, [.next(340, -1)])
            let replayedEvents2 = (0..<i).map { Recorded.next(300, 6 - i + $0) }
            XCTAssertEqual(res.res2.events, replayedEvents2 + [.next(320, 6), .error(330, testError)])
            XCTAssertEqual(res.res3.events, [.next(550, 7)])
            XCTAssertEqual(xs.subscriptions, [Subscription(200, 330), Subscription(330, 400), Subscription(500, 600)])
        }
    }

    func test_whileConnected_completed() {
        for i in 0..<5 {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(320, 6),
                .completed(330), .next(340, -1), .next(550, 7),
            ])
            let res = runResubscribingObservers(scheduler) { xs.share(replay: i, scope: .whileConnected) }

            XCTAssertEqual(res.res1.events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(320, 6), .completed(330)])
            XCTAssertEqual(res.res1_.events, [.next(340, -1)])
            XCTAssertEqual(res.res2_.events, [.next(340, -1)])
            let replayedEvents2 = (0..<i).map { Recorded.next(300, 6 - i + $0) }
            XCTAssertEqual(res.res2.events, replayedEvents2 + [.next(320, 6), .completed(330)])
            XCTAssertEqual(res.res3.events, [.next(550, 7)])
            XCTAssertEqual(xs.subscriptions, [Subscription(200, 330), Subscription(330, 400), Subscription(500, 600)])
        }
    }

    /// The schedule the error and completion cases share: two observers that subscribe again
    /// (`res1_`, `res2_`) when the shared sequence ends, and a late third one.
    private func runResubscribingObservers(_ scheduler: TestScheduler, share: @escaping @Sendable () -> Observable<Int>) -> (
        res1: TestableObserver<Int>, res2: TestableObserver<Int>, res1_: TestableObserver<Int>, res2_: TestableObserver<Int>, res3: TestableObserver<Int>
    ) {
        let (subscription1, subscription2, subscription3) = (Var<Disposable?>(nil), Var<Disposable?>(nil), Var<Disposable?>(nil))
        let res1 = scheduler.createObserver(Int.self)
        let res2 = scheduler.createObserver(Int.self)
        let res1_ = scheduler.createObserver(Int.self)
        let res2_ = scheduler.createObserver(Int.self)
        let res3 = scheduler.createObserver(Int.self)
        let ys = Var<Observable<Int>?>(nil)

        scheduler.scheduleAt(Defaults.created) { ys.value = share() }
        scheduler.scheduleAt(200) {
            subscription1.value = ys.value!.subscribe { event in
                res1.on(event)
                switch event {
                case .error: subscription1.value = ys.value!.subscribe(res1_)
                case .completed: subscription1.value = ys.value!.subscribe(res1_)
                case .next: break
                }
            }
        }
        scheduler.scheduleAt(300) {
            subscription2.value = ys.value!.subscribe { event in
                res2.on(event)
                switch event {
                case .error: subscription2.value = ys.value!.subscribe(res2_)
                case .completed: subscription2.value = ys.value!.subscribe(res2_)
                case .next: break
                }
            }
        }
        scheduler.scheduleAt(350) { subscription1.value!.dispose() }
        scheduler.scheduleAt(400) { subscription2.value!.dispose() }
        scheduler.scheduleAt(500) { subscription3.value = ys.value!.subscribe(res3) }
        scheduler.scheduleAt(600) { subscription3.value!.dispose() }
        scheduler.start()
        return (res1, res2, res1_, res2_, res3)
    }
}
