import FeedModel
import Images
import Reactive

extension ImageRetrieving {
    /// `retrieveImage(_:completion:)` of `request` with transient failures tried again under `policy`, the
    /// waits scheduled on `environment`'s scheduler as a page load's are. `completion` gets the
    /// first success or the last failure; nothing is remembered of a failure, so the next call
    /// starts afresh. Disposing the result stops the attempt under way or the wait.
    func retrieveImage(
        _ request: ImageRequest, retrying policy: RetryPolicy, in environment: FeedEnvironment,
        completion: @escaping @Sendable (Result<FeedImage, FeedError>) -> Void
    ) -> any Cancelable {
        let current = SerialDisposable()
        @Sendable func attempt(_ number: Int) {
            // Each attempt and each wait gets its slot in `current` before it starts, so an
            // answer that arrives at once (a synchronous failure) cannot be overwritten.
            let running = SerialDisposable()
            current.disposable = running
            running.disposable = retrieveImage(request) { result in
                guard case .failure(let error) = result,
                      let delay = environment.retryDelay(policy, afterAttempt: number, failure: error)
                else { return completion(result) }
                let wait = SerialDisposable()
                current.disposable = wait
                wait.disposable = environment.scheduler.scheduleRelative(delay) { attempt(number + 1) }
            }
        }
        attempt(1)
        return current
    }
}
