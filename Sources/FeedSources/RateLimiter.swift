import Foundation
import Locking
import Network
import Reactive

/// A token bucket on a scheduler's clock: `acquire` runs its action at once while the budget
/// has a request left, else queues it, and the queue drains in order as the budget refills.
/// Virtual time in tests, the session's clock in production.
public final class RateLimiter: Sendable {
    private struct Waiting {
        let id: Int
        let action: @Sendable () -> Void
    }

    private struct State {
        var tokens: Double
        var updated: RxTimeInterval
        var queue: [Waiting] = []
        var nextID = 0
        var isDrainScheduled = false
    }

    /// The budget.
    public let limit: RateLimit
    private let scheduler: any SchedulerType
    private let state: Locked<State>

    /// A full bucket of `limit` on `scheduler`'s clock.
    public init(limit: RateLimit, scheduler: any SchedulerType) {
        self.limit = limit
        self.scheduler = scheduler
        state = Locked(State(tokens: Double(limit.burst), updated: scheduler.now))
    }

    /// Runs `action` when the budget allows (at once, or on the scheduler later); disposing the
    /// result before then drops it and gives its turn to the next.
    public func acquire(_ action: @escaping @Sendable () -> Void) -> Disposable {
        let id = state.withLock { state -> Int? in
            refill(&state)
            if state.queue.isEmpty && state.tokens >= 1 {
                state.tokens -= 1
                return nil
            }
            let id = state.nextID
            state.nextID += 1
            state.queue.append(Waiting(id: id, action: action))
            return id
        }
        guard let id else {
            action()
            return Disposables.create()
        }
        scheduleDrain()
        return Disposables.create { [weak self] in
            self?.state.withLock { $0.queue.removeAll { $0.id == id } }
        }
    }

    /// Requests that may go now without waiting (for tests and diagnostics).
    public var available: Double { state.withLock { state in refill(&state); return state.tokens } }

    private func refill(_ state: inout State) {
        let now = scheduler.now
        state.tokens = min(Double(limit.burst), state.tokens + max(0, now - state.updated) * limit.requestsPerSecond)
        state.updated = now
    }

    /// Schedules a drain for when the next request's token will be there, unless one is due.
    private func scheduleDrain() {
        let delay = state.withLock { state -> RxTimeInterval? in
            guard !state.isDrainScheduled, !state.queue.isEmpty else { return nil }
            state.isDrainScheduled = true
            refill(&state)
            return max(0, (1 - state.tokens) / limit.requestsPerSecond)
        }
        guard let delay else { return }
        scheduler.scheduleRelative(delay) { [weak self] in self?.drain() }
    }

    private func drain() {
        let ready = state.withLock { state -> [Waiting] in
            state.isDrainScheduled = false
            refill(&state)
            var ready: [Waiting] = []
            while !state.queue.isEmpty && state.tokens >= 1 - 1e-9 {
                state.tokens = max(0, state.tokens - 1)
                ready.append(state.queue.removeFirst())
            }
            return ready
        }
        ready.forEach { $0.action() }
        scheduleDrain()
    }
}

/// A transport whose requests each wait for a `RateLimiter`'s budget before they are sent.
public struct RateLimitedTransport: HTTPTransport {
    /// The transport requests go to once admitted.
    public let transport: any HTTPTransport
    /// The budget they share.
    public let limiter: RateLimiter

    /// Wraps `transport` with `limiter`.
    public init(wrapping transport: any HTTPTransport, limiter: RateLimiter) {
        self.transport = transport
        self.limiter = limiter
    }

    public func send(_ request: HTTPRequest, completion: @escaping @Sendable (Result<(HTTPResponse, Data), NetworkError>) -> Void) -> any Cancelable {
        let finish = OnceCallback(completion)
        let sending = CompositeDisposable()
        let transport = self.transport
        sending.insert(limiter.acquire {
            guard !sending.isDisposed else { return }
            sending.insert(transport.send(request) { finish($0) })
        })
        return Disposables.create {
            sending.dispose()
            finish(.failure(.cancelled(request)))
        }
    }
}
