import Reactive

/// Runs every action at once, on the calling thread.
///
/// RxCocoa's Driver delivers on `MainScheduler`, which runs an action at once when called on the
/// main thread with nothing queued: RxSwift's Driver tests on a `TestScheduler` rely on that. A
/// headless Driver is given its scheduler, so those ported tests give it this one.
final class ImmediateScheduler: SchedulerType {
    var now: RxTimeInterval { 0 }

    @discardableResult
    func schedule(_ action: @escaping @Sendable () -> Void) -> Disposable {
        action()
        return Disposables.create()
    }

    @discardableResult
    func scheduleRelative(_ dueTime: RxTimeInterval, _ action: @escaping @Sendable () -> Void) -> Disposable {
        schedule(action)
    }
}
