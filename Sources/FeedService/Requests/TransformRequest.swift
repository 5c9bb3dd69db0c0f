import Feed
import FeedModel
import FeedSources
import JSON
import Reactive
import RPC

/// `transform {input}`: a new session holding one view model (the seeds'
/// `transform(input:) -> Output`), idle until its first command. The input is read and checked
/// here: -32602 naming a bad member, -32004 for a URL that is not http/https.
struct TransformRequest: FeedRequest {
    static let method = "transform"
    let input: FeedInput

    init(params: RPCParams) throws(RPCError) {
        let members = try params.members("input")
        do throws(FeedInputError) { input = try FeedInput(json: .object(members)) } catch { throw .invalidInput(error) }
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
        let capabilities = client.capabilities()
        let session = try service.sessions.create { id in
            var notifier = SessionNotifier(session: id, redactor: service.secrets, send: client.notify)
            notifier.logger = service.logger
            return FeedSession(id: id, input: input, capabilities: capabilities, notifier: notifier) { service.makeEnvironment(for: id, tokens: $0) }
        }
        service.logger.log(.info, "session \(session.id) created (source \(input.source.rawValue))")
        let viewModel = session.viewModel
        let response = Response(session: session.id, update: viewModel.currentSections, refreshStatus: viewModel.currentRefreshStatus)
        return Single.create { observer in
            observer(.success(response))
            // A stale stored list's reload starts once the answer is on its way, so its
            // notifications follow the answer that names the session.
            viewModel.resume()
            return Disposables.create()
        }
    }
}
