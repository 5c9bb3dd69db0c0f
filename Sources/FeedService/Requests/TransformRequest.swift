import Dispatch
import Feed
import FeedModel
import FeedSources
import JSON
import Locking
import Reactive
import RPC

/// `transform {input}`: a new session holding one view model (the seeds'
/// `transform(input:) -> Output`), idle until its first command. The input is read and checked
/// on the configuration's `inputChecking` queue, off the reader's thread, so that however long
/// a config takes to check, no other session's request waits for it: -32602 naming a bad
/// member, -32004 for a URL that is not http/https.
struct TransformRequest: FeedRequest {
    static let method = "transform"
    let members: JSONObject

    init(params: RPCParams) throws(RPCError) {
        members = try params.members("input")
    }

    /// `{"session", "output": {"sections", "refreshStatus"}}`: the new session's revision 0,
    /// with `"stale": true, "storedAt"` when it is the feed's stored list.
    struct Response: WireEncodable {
        let session: String
        let update: SectionsUpdate
        let refreshStatus: RefreshStatus

        var wireJSON: JSON {
            var output = JSONObject()
            output.appendUnchecked(key: "sections", value: update.sections.wireJSON)
            output.appendUnchecked(key: "refreshStatus", value: refreshStatus.wireJSON)
            update.appendLivingMembers(to: &output)
            return ["session": .string(session), "output": .object(output)]
        }
    }

    func serve(_ service: FeedService, client: Client) throws(RPCError) -> Single<Response> {
        let members = self.members
        return Single.create { observer in
            let cancelled = Locked(false)
            service.configuration.inputChecking.async {
                do {
                    let input = try FeedInput(json: .object(members))
                    // A transform withdrawn while its input was checked opens no session.
                    guard !cancelled.current else { return }
                    let (response, viewModel) = try Self.open(input, service, client: client)
                    observer(.success(response))
                    // A stale stored list's reload starts once the answer is on its way, so its
                    // notifications follow the answer that names the session.
                    viewModel.resume()
                } catch {
                    observer(.failure(error))
                }
            }
            return Disposables.create { cancelled.withLock { $0 = true } }
        }
    }

    /// The session of a checked `input`: the answer and its view model, to resume once the
    /// answer is on its way.
    private static func open(_ input: FeedInput, _ service: FeedService, client: Client) throws(RPCError) -> (Response, FeedViewModel) {
        let capabilities = client.capabilities()
        let session = try service.sessions.create { id in
            var notifier = SessionNotifier(session: id, redactor: service.secrets, send: client.notify)
            notifier.logger = service.logger
            return FeedSession(id: id, input: input, capabilities: capabilities, notifier: notifier) { service.makeEnvironment(for: id, tokens: $0) }
        }
        service.logger.log(.info, "session \(session.id) created (source \(input.source.rawValue))")
        let viewModel = session.viewModel
        return (Response(session: session.id, update: viewModel.currentSections, refreshStatus: viewModel.currentRefreshStatus), viewModel)
    }
}
