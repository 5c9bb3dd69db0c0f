import Dispatch

/// Runs work in order on one serial `DispatchQueue`; the headless stand-in for RxSwift's
/// `MainScheduler` (each view model gets its own).
///
/// `now` reads the monotonic clock (`DispatchTime`, `CLOCK_MONOTONIC` on Linux), so it never
/// jumps with wall-clock changes; only differences between readings are meaningful.
public final class SerialDispatchQueueScheduler: SchedulerType {
    /// The queue that runs every action.
    public let queue: DispatchQueue

    /// A scheduler on a new serial queue named `label`.
    public init(label: String, qos: DispatchQoS = .default) {
        queue = DispatchQueue(label: label, qos: qos)
    }

    /// A scheduler on `queue`, which must be serial.
    public init(queue: DispatchQueue) {
        self.queue = queue
    }

    public var now: RxTimeInterval {
        RxTimeInterval(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000
    }

    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> Disposable {
        let token = Disposables.create(with: {})
        queue.async {
            guard !token.isDisposed else { return }
            action()
        }
        return token
    }

    @discardableResult
    public func scheduleRelative(_ dueTime: RxTimeInterval, _ action: @escaping @Sendable () -> Void) -> Disposable {
        guard dueTime > 0 else { return schedule(action) }
        let token = Disposables.create(with: {})
        let nanoseconds = Int((dueTime * 1_000_000_000).rounded(.up))
        queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
            guard !token.isDisposed else { return }
            action()
        }
        return token
    }
}
