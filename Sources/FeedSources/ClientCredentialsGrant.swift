import Foundation
import JSON
import Locking
import Network
import Reactive

/// The bearer token of a `ClientCredentials` grant for one session: fetched on first use,
/// fetched again once it expires (a little before `expires_in` says) or when a request
/// carrying it is answered 401; one fetch at a time, shared by every request waiting for it.
public final class ClientCredentialsGrant: Sendable {
    /// Receives a token, or why none could be had.
    public typealias Waiter = @Sendable (Result<String, NetworkError>) -> Void

    private struct State {
        var token: String?
        /// When the token should be fetched again, on `clock`.
        var renewAt: Double = .infinity
        /// Non-nil while a fetch runs: everyone waiting for it.
        var waiters: [Waiter]?
    }

    /// The grant.
    public let credentials: ClientCredentials
    private let transport: any HTTPTransport
    private let clock: @Sendable () -> Double
    private let timeout: Double?
    private let onToken: @Sendable (String) -> Void
    private let state = Locked(State())

    /// A grant fetching over `transport`, each fetch within `timeout` seconds, expiry measured
    /// on `clock` (seconds); `onToken` sees every token fetched before any request carries it
    /// (the session registers it as a secret).
    public init(
        credentials: ClientCredentials, transport: any HTTPTransport, clock: @escaping @Sendable () -> Double, timeout: Double? = nil,
        onToken: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.credentials = credentials
        self.transport = transport
        self.clock = clock
        self.timeout = timeout
        self.onToken = onToken
    }

    /// Calls `completion` with a token that has not expired, fetching one when needed.
    public func token(_ completion: @escaping Waiter) {
        obtain(replacing: nil, completion)
    }

    /// Calls `completion` with a token other than `rejected` (which the server refused):
    /// the one a fetch meanwhile brought, or a new one.
    public func renew(rejected: String, _ completion: @escaping Waiter) {
        obtain(replacing: rejected, completion)
    }

    private func obtain(replacing rejected: String?, _ completion: @escaping Waiter) {
        enum Action { case answer(String), wait, fetch }
        let now = clock()
        let action = state.withLock { state -> Action in
            if let token = state.token, token != rejected, now < state.renewAt { return .answer(token) }
            if state.waiters != nil {
                state.waiters!.append(completion)
                return .wait
            }
            state.waiters = [completion]
            return .fetch
        }
        switch action {
        case .answer(let token): completion(.success(token))
        case .wait: break
        case .fetch: fetch()
        }
    }

    private func fetch() {
        guard let request = credentials.tokenRequest(timeout: timeout) else {
            return finish(.failure(.requestMapping(credentials.tokenURL)), expiresIn: nil)
        }
        _ = transport.send(request) { [self] result in
            switch result {
            case .failure(let error):
                finish(.failure(.authenticationFailed(reason: "the token request failed: \(error.message)", request: request)), expiresIn: nil)
            case .success(let (response, body)):
                let json = try? JSON.parse([UInt8](body))
                guard (200..<300).contains(response.statusCode), let token = json?["access_token"]?.stringValue, !token.isEmpty else {
                    let detail = [json?["error"]?.stringValue, json?["error_description"]?.stringValue].compactMap { $0 }.joined(separator: ": ")
                    let reason = "the token endpoint answered HTTP \(response.statusCode) without an access_token" + (detail.isEmpty ? "" : " (\(detail))")
                    return finish(.failure(.authenticationFailed(reason: reason, request: request)), expiresIn: nil)
                }
                finish(.success(token), expiresIn: json?["expires_in"]?.lenientDouble)
            }
        }
    }

    /// Keeps a fetched token (renewed a tenth of its life, at most 30 s, before it expires)
    /// and wakes the waiters; a failure wakes them with it and keeps nothing.
    private func finish(_ result: Result<String, NetworkError>, expiresIn: Double?) {
        if case .success(let token) = result { onToken(token) }
        let now = clock()
        let waiters = state.withLock { state -> [Waiter] in
            if case .success(let token) = result {
                state.token = token
                state.renewAt = expiresIn.map { now + $0 - min(30, $0 / 10) } ?? .infinity
            }
            defer { state.waiters = nil }
            return state.waiters ?? []
        }
        waiters.forEach { $0(result) }
    }
}

/// A transport that sends every request with the grant's bearer token, and when the answer
/// is 401 renews the token and sends the request once more.
public struct ClientCredentialsTransport: HTTPTransport {
    /// The transport of the API's requests.
    public let transport: any HTTPTransport
    /// The grant whose token authorizes them.
    public let grant: ClientCredentialsGrant

    /// Wraps `transport`, authorizing with `grant`.
    public init(wrapping transport: any HTTPTransport, grant: ClientCredentialsGrant) {
        self.transport = transport
        self.grant = grant
    }

    public func send(_ request: HTTPRequest, completion: @escaping @Sendable (Result<(HTTPResponse, Data), NetworkError>) -> Void) -> any Cancelable {
        let finish = OnceCallback(completion)
        let steps = CompositeDisposable()
        let (transport, grant) = (self.transport, self.grant)
        let send: @Sendable (String, @escaping @Sendable (Result<(HTTPResponse, Data), NetworkError>) -> Void) -> Void = { token, answer in
            guard !steps.isDisposed else { return }
            var authorized = request
            authorized.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            steps.insert(transport.send(authorized, completion: answer))
        }
        grant.token { obtained in
            switch obtained {
            case .failure(let error): finish(.failure(error))
            case .success(let token):
                send(token) { result in
                    guard case .success(let (response, _)) = result, response.statusCode == 401 else { return finish(result) }
                    grant.renew(rejected: token) { renewed in
                        switch renewed {
                        case .failure(let error): finish(.failure(error))
                        case .success(let token): send(token) { finish($0) }
                        }
                    }
                }
            }
        }
        return Disposables.create {
            steps.dispose()
            finish(.failure(.cancelled(request)))
        }
    }
}
