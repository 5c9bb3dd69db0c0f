import Locking
import Reactive

/// Holds the current access token and renews it, never more than one renewal at a time.
///
/// Each token has a generation. A request remembers the generation it was sent with; when it is
/// rejected it asks for a token newer than that. If a renewal finished meanwhile it gets the
/// new token at once; if one is running it waits for it; otherwise it starts one. So N requests
/// rejected together cause exactly one refresh call.
///
/// The refresh call itself must not go through an `AuthenticatedTransport` using this refresher:
/// a rejected refresh would wait for itself.
public final class TokenRefresher: Sendable {
    /// Fetches a new token and reports it (or why it failed) exactly once.
    public typealias Refresh = @Sendable (_ completion: @escaping @Sendable (Result<String, NetworkError>) -> Void) -> Void
    /// Receives the outcome of a renewal.
    public typealias Waiter = @Sendable (Result<String, NetworkError>) -> Void

    /// A token together with the generation it belongs to.
    public struct Credential: Sendable, Equatable {
        /// The token, or `nil` before the first one was obtained.
        public let token: String?
        /// Increases by one with each successful renewal.
        public let generation: Int
    }

    private struct State {
        var credential: Credential
        /// Non-nil while a renewal runs: everyone waiting for it.
        var waiters: [Waiter]?
    }

    private let state: Locked<State>
    private let refresh: Refresh

    /// A refresher starting with `token` that renews through `refresh`.
    public init(token: String?, refresh: @escaping Refresh) {
        state = Locked(State(credential: Credential(token: token, generation: 0), waiters: nil))
        self.refresh = refresh
    }

    /// The token to send now.
    public var credential: Credential { state.withLock { $0.credential } }

    /// Asks for a token newer than `generation` (the one a rejected request was sent with) and
    /// calls `completion` with it, or with the error of the renewal that failed.
    public func renew(after generation: Int, completion: @escaping Waiter) {
        enum Action { case answer(String?), wait, start }
        let action = state.withLock { state -> Action in
            if state.credential.generation != generation { return .answer(state.credential.token) }
            if state.waiters != nil {
                state.waiters!.append(completion)
                return .wait
            }
            state.waiters = [completion]
            return .start
        }
        switch action {
        case .answer(let token?):
            completion(.success(token))
        case .answer(nil):
            completion(.failure(.authenticationFailed(reason: "no token is available", request: nil)))
        case .wait:
            break
        case .start:
            refresh { [self] result in finishRenewal(with: result) }
        }
    }

    private func finishRenewal(with result: Result<String, NetworkError>) {
        let waiters = state.withLock { state -> [Waiter] in
            // A refresh closure that answers twice must not wake anyone twice.
            guard let waiters = state.waiters else { return [] }
            if case .success(let token) = result {
                state.credential = Credential(token: token, generation: state.credential.generation + 1)
            }
            state.waiters = nil
            return waiters
        }
        for waiter in waiters { waiter(result) }
    }
}
