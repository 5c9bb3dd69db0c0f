import FeedModel
import Locking
import Reactive

/// Runs `count` jobs, at most `concurrency` at a time, started in index order, and reports
/// every job's result in index order once the last one ended. Disposing it cancels the jobs
/// running and starts no other; the completion is then never called.
final class BoundedBatch<Value: Sendable>: Sendable {
    /// Starts job `index`; it reports through the callback exactly once; disposing the result
    /// cancels it.
    typealias Job = @Sendable (_ index: Int, _ done: @escaping @Sendable (Result<Value, FeedError>) -> Void) -> Disposable

    private struct State {
        var next = 0
        var finished = 0
        var results: [Result<Value, FeedError>?]
        var isDisposed = false
    }

    private let count: Int
    private let concurrency: Int
    private let job: Job
    private let completion: @Sendable ([Result<Value, FeedError>]) -> Void
    private let state: Locked<State>
    private let running = CompositeDisposable()

    init(count: Int, concurrency: Int, job: @escaping Job, completion: @escaping @Sendable ([Result<Value, FeedError>]) -> Void) {
        self.count = count
        self.concurrency = max(1, concurrency)
        self.job = job
        self.completion = completion
        state = Locked(State(results: Array(repeating: nil, count: count)))
    }

    /// Starts the first jobs; the result stops the batch.
    func start() -> Disposable {
        if count == 0 {
            completion([])
            return Disposables.create()
        }
        for _ in 0..<min(count, concurrency) { startNext() }
        return Disposables.create { [self] in
            state.withLock { $0.isDisposed = true }
            running.dispose()
        }
    }

    private func startNext() {
        let index = state.withLock { state -> Int? in
            guard !state.isDisposed, state.next < count else { return nil }
            defer { state.next += 1 }
            return state.next
        }
        guard let index else { return }
        // A page has at most 100 jobs: each one's disposable is kept until the batch ends.
        running.insert(job(index) { [self] result in finish(index, result) })
    }

    private func finish(_ index: Int, _ result: Result<Value, FeedError>) {
        let all = state.withLock { state -> [Result<Value, FeedError>]? in
            guard !state.isDisposed, state.results[index] == nil else { return nil }
            state.results[index] = result
            state.finished += 1
            return state.finished == count ? state.results.map { $0! } : nil
        }
        if let all { return completion(all) }
        startNext()
    }
}
