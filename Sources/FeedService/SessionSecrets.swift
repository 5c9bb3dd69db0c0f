import Dispatch
import Logging
import Reactive

/// The secrets one session was given, registered with the service's `SecretRedactor` so that
/// logs, errors and notifications never show them: its input's (replaced by `updateInput`) and
/// the latest tokens it renewed.
///
/// A secret it no longer holds (an old input's, a rotated token, all of them at `dispose`) stays
/// registered for `retention` seconds more: a request cancelled with its session may still
/// report its failure, URL included, a moment later.
final class SessionSecrets: Sendable {
    private struct State {
        var input: [String] = []
        var tokens: [String] = []
        var isClosed = false
    }

    /// Renewed tokens held: the current one and the one before it.
    private static let heldTokens = 2

    /// The process's redactor.
    let redactor: SecretRedactor
    private let retention: Double
    private let state = Locked(State())

    /// Secrets registered with `redactor`, each kept `retention` seconds after it is let go
    /// (by default longer than the 12 s request timeout any late report could come from).
    init(redactor: SecretRedactor, retention: Double = 15) {
        self.redactor = redactor
        self.retention = retention
    }

    /// Registers the secrets of the session's (new) input in place of the previous input's.
    func useInput(_ values: [String]) {
        let old = state.withLock { state -> [String] in
            guard !state.isClosed else { return [] }
            values.forEach(redactor.insert)
            defer { state.input = values }
            return state.input
        }
        retire(old)
    }

    /// Registers a token the session just renewed.
    func addToken(_ token: String) {
        let rotated = state.withLock { state -> [String] in
            guard !state.isClosed else { return [] }
            redactor.insert(token)
            state.tokens.append(token)
            let excess = max(0, state.tokens.count - Self.heldTokens)
            defer { state.tokens.removeFirst(excess) }
            return Array(state.tokens.prefix(excess))
        }
        retire(rotated)
    }

    /// Lets every secret go: the session is gone.
    func close() {
        let all = state.withLock { state -> [String] in
            guard !state.isClosed else { return [] }
            state.isClosed = true
            return state.input + state.tokens
        }
        retire(all)
    }

    private func retire(_ values: [String]) {
        guard !values.isEmpty else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + retention) { [redactor] in values.forEach(redactor.remove) }
    }
}
