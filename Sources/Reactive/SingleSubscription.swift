import Synchronization

/// What a subscription to a single reports its outcome to, kept inside the subscription.
public protocol SingleObserving: Sendable {
    /// The element of the single.
    associatedtype Element: Sendable

    /// Receives the outcome; called at most once.
    func on(_ event: SingleEvent<Element>)
}

/// A closure as a single's observer.
struct ClosureSingleObserver<Element: Sendable>: SingleObserving {
    let observe: @Sendable (SingleEvent<Element>) -> Void

    func on(_ event: SingleEvent<Element>) { observe(event) }
}

/// A subscription to a single: the first outcome passes, nothing after it or after
/// disposal, and the work is disposed once the outcome passed or the subscription was disposed
/// (as RxSwift's `Single.create` does).
///
/// One object per subscription, holding the observer: the callback handed to `create`'s
/// closure is this object's `deliver`, and an atomic state decides which of `deliver`,
/// `dispose` and the return of the closure comes last, so no lock is taken and work that needs
/// no disposal is not kept. The observer and the work are let go with the subscription itself.
public final class SingleSubscription<Observer: SingleObserving>: Disposable {
    public typealias Element = Observer.Element

    /// The closure is running, or returned work that needs no disposal.
    private static var running: Int { 0 }
    /// The closure returned work, kept in `work`.
    private static var started: Int { 1 }
    /// The outcome passed or the subscription was disposed.
    private static var ended: Int { 2 }

    private let observer: Observer
    private let state = Atomic<Int>(SingleSubscription.running)
    /// Written once, before `state` becomes `started`, and read only by the call that ends a
    /// started subscription.
    private let work = AtomicLazyReference<WorkBox>()

    init(_ observer: Observer) {
        self.observer = observer
    }

    /// The work `create`'s closure returned; disposed at once if the single already ended.
    func start(_ work: Disposable) {
        guard ObjectIdentifier(type(of: work)) != ObjectIdentifier(NopDisposable.self) else { return }
        _ = self.work.storeIfNil(WorkBox(work))
        let (exchanged, _) = state.compareExchange(expected: Self.running, desired: Self.started, ordering: .acquiringAndReleasing)
        if !exchanged { work.dispose() }
    }

    /// Passes the first outcome, then disposes the work.
    func deliver(_ event: SingleEvent<Element>) {
        let previous = state.exchange(Self.ended, ordering: .acquiringAndReleasing)
        guard previous != Self.ended else { return }
        observer.on(event)
        if previous == Self.started { work.load()?.work.dispose() }
    }

    /// Stops the outcome from passing and disposes the work.
    public func dispose() {
        let previous = state.exchange(Self.ended, ordering: .acquiringAndReleasing)
        if previous == Self.started { work.load()?.work.dispose() }
    }
}

/// A disposable held by an atomic reference.
private final class WorkBox: Sendable {
    let work: Disposable
    init(_ work: Disposable) { self.work = work }
}
