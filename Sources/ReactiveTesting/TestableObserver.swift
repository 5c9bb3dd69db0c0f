import Locking
import Reactive

/// Records the events it receives, stamped with the `TestScheduler`'s clock (RxTest's observer).
public final class TestableObserver<Element: Sendable>: ObserverType {
    private let scheduler: TestScheduler
    private let recorded = Locked<[Recorded<Event<Element>>]>([])

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    /// Everything received so far, in order.
    public var events: [Recorded<Event<Element>>] { recorded.current }

    public func on(_ event: Event<Element>) {
        let time = scheduler.clock
        recorded.withLock { $0.append(Recorded(time: time, value: event)) }
    }
}
