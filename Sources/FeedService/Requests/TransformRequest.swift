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

    /// `{"session", "output": {"sections", "refreshStatus"}}`: the new session's revision 0.
    struct Response: WireEncodable {
        let session: String
        let sections: [FeedSection]
        let refreshStatus: RefreshStatus
        var wireJSON: JSON {
            ["session": .string(session), "output": ["sections": sections.wireJSON, "refreshStatus": refreshStatus.wireJSON]]
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
        return .just(Response(session: session.id, sections: viewModel.currentSections.sections, refreshStatus: viewModel.currentRefreshStatus))
    }
}
