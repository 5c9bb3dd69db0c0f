import Locking
import Reactive

/// A virtual-time scheduler for deterministic tests, RxTest's `TestScheduler`.
///
/// Time is an integer count of ticks; `now` is `clock × resolution` seconds, so with the default
/// resolution of 1.0 one tick is one second, and with `resolution: 0.001` one tick is a
/// millisecond. Nothing runs until `start()` or `advanceTo(_:)` is called; then actions run in
/// order of time, and actions due at the same tick in the order they were scheduled.
///
/// As in RxTest, work scheduled through the `SchedulerType` face (`schedule`, `scheduleRelative`,
/// which is what operators use) for the current tick or earlier runs one tick later when
/// `simulateProcessingDelay` is on (the default), so `observe(on: scheduler)` shifts events by one
/// tick; work scheduled at an absolute or virtual time (`scheduleAt`,
/// `scheduleRelativeVirtual`, which is what tests and test observables use) runs exactly then.
/// A relative delay in seconds is converted to ticks rounding up (RxTest rounds to the nearest),
/// so a positive delay never runs "now". Use it from one thread, as tests do.
public final class TestScheduler: SchedulerType {
    private struct Item {
        let time: TestTime
        let sequence: Int
        let action: @Sendable () -> Void
        let token: Cancelable
    }

    private struct State {
        var clock: TestTime
        var items: [Item] = []
        var nextSequence = 0
        var isRunning = false
    }

    private let state: Locked<State>
    /// Seconds per tick.
    public let resolution: RxTimeInterval
    /// Whether work scheduled for the current tick (or earlier) is pushed to the next tick.
    public let simulateProcessingDelay: Bool

    /// A scheduler whose clock starts at `initialClock` ticks.
    public init(initialClock: TestTime = 0, resolution: RxTimeInterval = 1.0, simulateProcessingDelay: Bool = true) {
        state = Locked(State(clock: initialClock))
        self.resolution = resolution
        self.simulateProcessingDelay = simulateProcessingDelay
    }

    /// The current virtual time, in ticks.
    public var clock: TestTime { state.withLock { $0.clock } }

    public var now: RxTimeInterval { RxTimeInterval(clock) * resolution }

    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> Disposable {
        scheduleRelative(0, action)
    }

    @discardableResult
    public func scheduleRelative(_ dueTime: RxTimeInterval, _ action: @escaping @Sendable () -> Void) -> Disposable {
        let clock = self.clock
        let time = clock + ticks(dueTime)
        return scheduleAt(time <= clock && simulateProcessingDelay ? clock + 1 : time, action: action)
    }

    /// Runs `action` `dueTime` ticks from now (at once, after the current action, for 0).
    @discardableResult
    public func scheduleRelativeVirtual(_ dueTime: TestTime, action: @escaping @Sendable () -> Void) -> Disposable {
        scheduleAt(clock + dueTime, action: action)
    }

    /// Runs `action` at tick `time`; a time already passed runs next, without moving the clock.
    @discardableResult
    public func scheduleAt(_ time: TestTime, action: @escaping @Sendable () -> Void) -> Disposable {
        let token = Disposables.create(with: {})
        state.withLock { state in
            let item = Item(time: time, sequence: state.nextSequence, action: action, token: token)
            state.nextSequence += 1
            let index = state.items.firstIndex { ($0.time, $0.sequence) > (item.time, item.sequence) } ?? state.items.count
            state.items.insert(item, at: index)
        }
        return token
    }

    /// The number of whole ticks (rounded up) in `interval` seconds.
    public func ticks(_ interval: RxTimeInterval) -> TestTime {
        interval <= 0 ? 0 : TestTime((interval / resolution).rounded(.up))
    }

    /// Runs every action due up to and including `time`, then sets the clock to `time`.
    public func advanceTo(_ time: TestTime) {
        run(until: time)
        state.withLock { $0.clock = max($0.clock, time) }
    }

    /// Runs actions until none are left or `stop()` is called.
    public func start() {
        run(until: nil)
    }

    /// Makes a running `start()` or `advanceTo(_:)` return after the current action.
    public func stop() {
        state.withLock { $0.isRunning = false }
    }

    private func run(until limit: TestTime?) {
        state.withLock { $0.isRunning = true }
        while let item = nextItem(until: limit) {
            item.action()
        }
    }

    /// The next action due, skipping disposed ones without moving the clock to them (as RxTest).
    private func nextItem(until limit: TestTime?) -> Item? {
        state.withLock { state in
            while let first = state.items.first, first.token.isDisposed { state.items.removeFirst() }
            guard state.isRunning, let first = state.items.first, limit.map({ first.time <= $0 }) ?? true else {
                state.isRunning = false
                return nil
            }
            state.items.removeFirst()
            state.clock = max(state.clock, first.time)
            return first
        }
    }
}
