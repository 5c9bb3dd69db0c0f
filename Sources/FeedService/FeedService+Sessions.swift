import Feed
import JSON
import RPC

extension FeedService {
    /// `transform {input}` -> `{session, output}`: a new session, idle until its first command.
    func transform(_ params: JSON?, server: RPCServer) throws(RPCError) -> JSON {
        let params = try RPCParams(params)
        let members = try params.members("input")
        let input = try Self.feedInput(members)
        let capabilities = ClientCapabilities(initializeParams: server.clientInitializeParameters)
        let session = try sessions.create { id throws(RPCError) in
            FeedSession(
                id: id, input: input, inputMembers: members, capabilities: capabilities,
                notifier: SessionNotifier(session: id, redactor: secrets) { method, params, attachments in
                    server.sendNotification(method, params: params, attaching: attachments)
                }
            ) { tokens in makeEnvironment(for: id, tokens: tokens) }
        }
        logger.log(.info, "session \(session.id) created (source \(input.source.rawValue))")
        return session.transformResult
    }

    /// `updateInput {session, input}` -> `{revision}`: the members given replace the session's
    /// input; loads are cancelled, the list cleared and paging reset (seed 001's category relay).
    func updateInput(_ params: JSON?, _ context: RequestContext) {
        attempt(context) { () throws(RPCError) in
            let params = try RPCParams(params)
            let session = try sessions.session(try params.string("session"))
            let changes = try params.members("input")
            var members = session.inputMembers.current
            for (key, value) in changes { members[key] = value }
            let input = try Self.feedInput(members)
            session.inputMembers.withLock { $0 = members }
            session.secrets.useInput(input.secrets)
            session.viewModel.updateInput(input)
            session.scheduler.schedule { [viewModel = session.viewModel] in
                context.succeed(["revision": .int(Int64(viewModel.currentSections.revision))])
            }
        }
    }

    /// `dispose {session}` -> `{}`: nothing is sent for the session afterwards.
    func dispose(_ params: JSON?, _ context: RequestContext) {
        attempt(context) { () throws(RPCError) in
            let params = try RPCParams(params)
            let session = try sessions.remove(try params.string("session"))
            session.dispose { [heapTrimmer, sessions] in
                // With no session left, give the memory back before answering, so a client that
                // measures after its last `dispose` sees it; otherwise coalesce trims.
                if sessions.count == 0 { heapTrimmer.trimNow() } else { heapTrimmer.request() }
                context.succeed([:])
            }
            logger.log(.info, "session \(session.id) disposed")
        }
    }

    /// `bindRefreshStatus {session, header?, footer?}` -> the latest status, flat.
    func bindRefreshStatus(_ params: JSON?, _ context: RequestContext) {
        attempt(context) { () throws(RPCError) in
            let params = try RPCParams(params)
            let session = try sessions.session(try params.string("session"))
            let header = try params.optionalBool("header") ?? true
            let footer = try params.optionalBool("footer") ?? true
            session.bindRefreshStatus(header: header, footer: footer) { status in context.succeed(status.json) }
        }
    }

    /// A `FeedInput` from `input` members, with its mistakes as -32602 (or -32004 for a
    /// URL whose scheme is not http/https).
    static func feedInput(_ members: JSONObject) throws(RPCError) -> FeedInput {
        do {
            return try FeedInput(json: .object(members))
        } catch {
            if let scheme = error.refusedScheme {
                throw .application(
                    code: FeedServiceErrorCode.schemeRefused, message: "\(error.field) \(error.reason)",
                    data: ["scheme": .string(scheme)])
            }
            throw .invalidParams(error.reason, field: error.field)
        }
    }
}
