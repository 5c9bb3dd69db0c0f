import Feed
import JSON
import RPC

extension FeedService {
    /// `requestCommand {session, reload}` -> `{revision, count, page, hasMore}` once the load
    /// ended and its notifications were sent.
    func requestCommand(_ params: JSON?, _ context: RequestContext) {
        attempt(context) { () throws(RPCError) in
            let reader = try ParamsReader(params)
            let session = try sessions.session(try reader.requiredString("session"))
            let reload = try reader.requiredBool("reload")
            if reload { session.willCancel(because: .superseded) }
            let report = session.viewModel.request(reload: reload).subscribe { result in
                switch result {
                case .success(let outcome):
                    context.succeed(outcome.wireJSON)
                case .failure(let error):
                    context.fail(.loadFailed(error as? FeedError ?? .transport(message: "\(error)", url: nil), cancellation: session.cancellationReason))
                }
            }
            context.cancellation.onCancel { report.dispose() }
        }
    }

    /// `loadImage {session, index, inline?}` -> Image, after `imageDownloaded`.
    func loadImage(_ params: JSON?, _ context: RequestContext) {
        attempt(context) { () throws(RPCError) in
            let reader = try ParamsReader(params)
            let session = try sessions.session(try reader.requiredString("session"))
            let index = try reader.requiredIndex("index")
            let inline = try reader.bool("inline", default: session.inlinesImages)
            let report = session.viewModel.loadImage(index: index).subscribe { result in
                switch result {
                case .success(let image):
                    context.succeed(image.json(inline: inline))
                case .failure(let error):
                    context.fail(.imageFailed(error as? FeedError ?? .image(message: "\(error)", url: nil), index: index, cancellation: .imageCancelled))
                }
            }
            context.cancellation.onCancel { report.dispose() }
        }
    }

    /// `willDisplay {session, index}`: prefetches the next page near the end and the item's image.
    func willDisplay(_ params: JSON?, _ context: RequestContext) {
        attempt(context) { () throws(RPCError) in
            let reader = try ParamsReader(params)
            let session = try sessions.session(try reader.requiredString("session"))
            let index = try reader.requiredIndex("index")
            let report = session.viewModel.willDisplay(index: index).subscribe { result in
                switch result {
                case .success(let outcome):
                    context.succeed(["loadMore": .bool(outcome.startedLoadMore), "image": .bool(outcome.startedImage)])
                case .failure(let error):
                    context.fail(.loadFailed(error as? FeedError ?? .transport(message: "\(error)", url: nil), cancellation: session.cancellationReason))
                }
            }
            context.cancellation.onCancel { report.dispose() }
        }
    }

    /// `cancelImage` / `didEndDisplaying {session, index}` -> `{cancelled}`.
    func cancelImage(_ params: JSON?, _ context: RequestContext) {
        attempt(context) { () throws(RPCError) in
            let reader = try ParamsReader(params)
            let session = try sessions.session(try reader.requiredString("session"))
            let index = try reader.requiredIndex("index")
            let report = session.viewModel.cancelImage(index: index).subscribe { result in
                context.succeed(["cancelled": .bool((try? result.get()) ?? false)])
            }
            context.cancellation.onCancel { report.dispose() }
        }
    }
}

extension PageLoadResult {
    /// The `requestCommand` result of protocol/README.md: `{revision, count, page, hasMore}`.
    var wireJSON: JSON {
        ["revision": .int(Int64(revision)), "count": .int(Int64(count)), "page": .int(Int64(page)), "hasMore": .bool(hasMore)]
    }
}
