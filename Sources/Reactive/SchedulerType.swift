/// Seconds, as a scheduler's clock counts them.
public typealias RxTimeInterval = Double

/// Something that runs work now or later, in order, such as a serial queue or virtual time.
public protocol SchedulerType: Sendable {
    /// The scheduler's current time in seconds; only differences between readings are meaningful.
    var now: RxTimeInterval { get }

    /// Runs `action` as soon as possible; disposing the result before it runs skips it.
    @discardableResult
    func schedule(_ action: @escaping @Sendable () -> Void) -> Disposable

    /// Runs `action` after `dueTime` seconds; disposing the result before it runs skips it.
    @discardableResult
    func scheduleRelative(_ dueTime: RxTimeInterval, _ action: @escaping @Sendable () -> Void) -> Disposable

    /// Runs `action` as soon as possible, for a caller that never cancels it (no disposable
    /// is made for it).
    func enqueue(_ action: @escaping @Sendable () -> Void)
}

extension SchedulerType {
    /// Schedules `action` and drops its disposable.
    public func enqueue(_ action: @escaping @Sendable () -> Void) { schedule(action) }
}
