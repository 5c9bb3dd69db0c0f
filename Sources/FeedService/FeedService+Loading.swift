import Feed
import JSON
import Reactive
import RPC

extension FeedService {
    /// `requestCommand {session, reload}` -> `{revision, count, page, hasMore}` once the load
    /// ended and its notifications were sent.
    func requestCommand(_ params: JSON?, _ context: RequestContext) {
        attempt(context) { () throws(RPCError) in
            let params = try RPCParams(params)
            let session = try sessions.session(try params.string("session"))
            let reload = try params.bool("reload")
            reply(context, session, session.viewModel.request(reload: reload), with: \.wireJSON, failure: RPCError.loadFailed)
        }
    }

    /// `loadImage {session, index, inline?, variant?}` -> Image, after `imageDownloaded`.
    func loadImage(_ params: JSON?, _ context: RequestContext) {
        attempt(context) { () throws(RPCError) in
            let params = try RPCParams(params)
            let session = try sessions.session(try params.string("session"))
            let index = try params.index("index")
            let inline = try params.optionalBool("inline") ?? session.inlinesImages
            let variant = try params.imageVariant("variant")
            reply(context, session, session.viewModel.loadImage(index: index, variant: variant), with: { $0.json(inline: false) },
                  attaching: { inline ? [$0.inlineData()] : [] }) { error in
                .imageFailed(error, index: index)
            }
        }
    }

    /// `willDisplay {session, index, variant?}`: prefetches the next page near the end and that
    /// variant of the item's image.
    func willDisplay(_ params: JSON?, _ context: RequestContext) {
        attempt(context) { () throws(RPCError) in
            let params = try RPCParams(params)
            let session = try sessions.session(try params.string("session"))
            let index = try params.index("index")
            let variant = try params.imageVariant("variant")
            reply(context, session, session.viewModel.display(index: index, variant: variant), with: { outcome in
                ["loadMore": .bool(outcome.startedLoadMore), "image": .bool(outcome.startedImage)]
            }, failure: RPCError.loadFailed)
        }
    }

    /// `cancelImage` / `didEndDisplaying {session, index}` -> `{cancelled}`.
    func cancelImage(_ params: JSON?, _ context: RequestContext) {
        attempt(context) { () throws(RPCError) in
            let params = try RPCParams(params)
            let session = try sessions.session(try params.string("session"))
            let index = try params.index("index")
            reply(context, session, session.viewModel.cancelImageLoads(index: index), with: { ["cancelled": .bool($0)] }, failure: RPCError.loadFailed)
        }
    }

    /// Answers `context` with the outcome of `single`, secrets replaced (an image's base64
    /// `data` is not text); a `$/cancelRequest` withdraws from it.
    private func reply<Element>(
        _ context: RequestContext, _ session: FeedSession, _ single: Single<Element>, with encode: @escaping @Sendable (Element) -> JSON,
        attaching attachments: @escaping @Sendable (Element) -> [Attachment] = { _ in [] },
        failure: @escaping @Sendable (FeedError) -> RPCError
    ) {
        let redactor = session.secrets.redactor
        let subscription = single.subscribe { result in
            switch result {
            case .success(let element):
                context.succeed(redactor.redact(json: encode(element)), attaching: attachments(element))
            case .failure(let error):
                context.fail(redactor.redact(error: failure(error as? FeedError ?? .transport(message: "\(error)", url: nil))))
            }
        }
        context.cancellation.onCancel { subscription.dispose() }
    }
}

extension PageLoadResult {
    /// The `requestCommand` result of protocol/README.md: `{revision, count, page, hasMore}`.
    var wireJSON: JSON {
        ["revision": .int(Int64(revision)), "count": .int(Int64(count)), "page": .int(Int64(page)), "hasMore": .bool(hasMore)]
    }
}
