import Dispatch
import Foundation
import Locking
import Network
import Reactive

/// Runs image processing (decode, resize, encode) on at most `width` threads, the highest
/// priority first and, within a level, in arrival order: a visible row's thumbnail is made
/// before queued prefetches'. Priorities are read when a thread takes its next job, so a
/// raised one overtakes. A job disposed before it starts never runs.
public final class ProcessingQueue: Sendable {
    private struct Job {
        let id: Int
        let priority: RequestPriority
        let body: @Sendable () -> Void
    }

    private struct State {
        var waiting: [Job] = []
        var running = 0
        var nextId = 0
    }

    /// The most jobs run at once.
    public let width: Int
    private let state = Locked(State())

    /// A queue running at most `width` jobs at once (default: the processors, at most 4).
    public init(width: Int = min(4, max(1, ProcessInfo.processInfo.activeProcessorCount))) {
        self.width = max(1, width)
    }

    /// Queues `body` at `priority`; disposing the result before it starts withdraws it.
    public func enqueue(priority: RequestPriority, _ body: @escaping @Sendable () -> Void) -> any Cancelable {
        let startsThread = state.withLock { state -> (Int, Bool) in
            let id = state.nextId
            state.nextId += 1
            state.waiting.append(Job(id: id, priority: priority, body: body))
            guard state.running < width else { return (id, false) }
            state.running += 1
            return (id, true)
        }
        if startsThread.1 { DispatchQueue.global(qos: .userInitiated).async { [self] in drain() } }
        let id = startsThread.0
        return Disposables.create { [weak self] in self?.state.withLock { $0.waiting.removeAll { $0.id == id } } }
    }

    /// The number of jobs waiting to start.
    public var waitingCount: Int { state.withLock { $0.waiting.count } }

    private func drain() {
        while let job = next() { job.body() }
    }

    /// Takes the first job of the highest level, or ends this thread when none waits.
    private func next() -> Job? {
        state.withLock { state in
            guard !state.waiting.isEmpty else {
                state.running -= 1
                return nil
            }
            var best = 0
            var bestLevel = state.waiting[0].priority.level
            for index in state.waiting.indices.dropFirst() where state.waiting[index].priority.level > bestLevel {
                best = index
                bestLevel = state.waiting[index].priority.level
            }
            return state.waiting.remove(at: best)
        }
    }
}
