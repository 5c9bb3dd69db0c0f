import Locking
import Reactive

/// The envelope token one session renewed, kept across its input changes (seed 004 keeps it in
/// `UserDefaults`): a source made anew for the session (`updateInput`) starts from it instead of
/// the input's token, so the change costs no second renewal. It also hears of the other secrets
/// the session's sources obtain (an OAuth2 access token), which are never reported.
///
/// The renewed token is dropped when the input names a token of its own other than the one the
/// store started from (the front end gave a new one, e.g. the renewed token it persisted).
public final class TokenStore: Sendable {
    private struct State {
        /// The input's token the renewed one descends from.
        var origin: String?
        var renewed: String?
    }

    private let state = Locked(State())
    private let onRenew: @Sendable (String) -> Void
    private let onSecret: @Sendable (String) -> Void

    /// A store that calls `onRenew` with every renewed token, and `onSecret` with every other
    /// secret obtained, on the thread that obtained it and before any request is sent with it.
    public init(onRenew: @escaping @Sendable (String) -> Void = { _ in }, onSecret: @escaping @Sendable (String) -> Void = { _ in }) {
        self.onRenew = onRenew
        self.onSecret = onSecret
    }

    /// Reports `secret`, just obtained (an access token), so that it is never shown.
    public func didObtainSecret(_ secret: String) {
        onSecret(secret)
    }

    /// The token a source should start with when its input says `token`.
    public func startingToken(input token: String?) -> String? {
        state.withLock { state in
            guard let renewed = state.renewed, state.origin == token else {
                state = State(origin: token, renewed: nil)
                return token
            }
            return renewed
        }
    }

    /// Keeps `token`, just renewed, and reports it.
    public func didRenew(_ token: String) {
        state.withLock { $0.renewed = token }
        onRenew(token)
    }
}
