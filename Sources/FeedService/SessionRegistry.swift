import Locking
import RPC
import Reactive

/// The live sessions of one process, by id, with a cap on how many may live at once.
final class SessionRegistry: Sendable {
    private struct State {
        var sessions = IDTable<FeedSession>()
        var nextNumber = 1
    }

    /// The most sessions that may be live at once.
    let limit: Int
    private let state = Locked(State())

    init(limit: Int) {
        self.limit = limit
    }

    /// Makes a session with the next id (`s1`, `s2`, ...) unless the cap is reached; it is made
    /// while the registry is locked, so the cap holds however many threads create at once.
    func create(_ make: (String) -> FeedSession) throws(RPCError) -> FeedSession {
        let session = state.withLock { state -> FeedSession? in
            guard state.sessions.count < limit else { return nil }
            defer { state.nextNumber += 1 }
            let session = make("s\(state.nextNumber)")
            state.sessions.set(session, for: session.id)
            return session
        }
        guard let session else { throw .tooManySessions(limit: limit) }
        return session
    }

    /// The live session `id`, or -32001.
    func session(_ id: String) throws(RPCError) -> FeedSession {
        guard let session = state.withLock({ $0.sessions[id] }) else { throw .unknownSession(id) }
        return session
    }

    /// Removes and returns session `id`, or -32001; from now on its id is unknown.
    func remove(_ id: String) throws(RPCError) -> FeedSession {
        guard let session = state.withLock({ $0.sessions.removeValue(for: id) }) else { throw .unknownSession(id) }
        return session
    }

    /// How many sessions are live.
    var count: Int { state.withLock { $0.sessions.count } }
}
