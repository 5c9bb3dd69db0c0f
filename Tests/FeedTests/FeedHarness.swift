@testable import Feed
import FeedModel
import FeedSources
import Foundation
import Images
import JSON
import Locking
import Network
import Reactive
import ReactiveTesting

/// A view model on the stub source in virtual time, with a log of everything it emits.
///
/// Pages are answered by a stubbing `Provider` on the test scheduler after `delay` ticks; a
/// test can make a page fail (`failNext`) or answer a custom body (`override`). A plugin
/// records every request and every cancellation.
final class FeedHarness: @unchecked Sendable {
    // Safety: the harness is used from the test's thread only; the view model and the
    // provider run on the TestScheduler, which runs on that same thread.
    enum Entry: Equatable {
        case status(RefreshStatus)
        case sections(revision: Int, count: Int)
        case hud(HUDMessage.Style, String)
        case image(index: Int, ok: Bool)
        case result(String)
    }

    let scheduler = TestScheduler()
    let viewModel: FeedViewModel
    let output: FeedViewModel.Output
    let log = Locked<[Entry]>([])
    let requestedURLs = Locked<[String]>([])
    let cancelledURLs = Locked<[String]>([])
    /// Page-index -> (status, body) answered once instead of the catalog.
    let failures = Locked<[Int: (Int, String)]>([:])
    /// Overrides the body of every page while set.
    let override = Locked<(@Sendable (PageRequest) -> JSON)?>(nil)
    let imageLoader: ImageLoader
    /// Every image request sent, with its priority when sent, and the answered ones' URLs.
    let imageRequests = Locked<[(url: String, priority: RequestPriority.Level)]>([])
    let answeredImages = Locked<[String]>([])
    private let bag = DisposeBag()

    init(input: FeedInput = FeedInput(), delay: Double = 10, imageDelay: Double = 5, header: Bool = true, footer: Bool = true,
         inputChanges: Observable<JSONObject> = .never()) {
        let scheduler = self.scheduler
        let failures = self.failures
        let override = self.override
        let recorder = RecordingPlugin(requested: requestedURLs, cancelled: cancelledURLs)
        let answeredImages = self.answeredImages
        imageLoader = ImageLoader(
            diskCache: nil,
            transport: RecordingTransport(requests: imageRequests, inner: StubTransport(scheduler: scheduler, delay: imageDelay) { request in
                answeredImages.withLock { $0.append(request.url.absoluteString) }
                let png = StubCatalog.imageData(for: request.url.absoluteString)
                return png.map { .response(statusCode: 200, body: Data($0)) } ?? .response(statusCode: 404, body: Data())
            }))
        let environment = FeedEnvironment(
            scheduler: scheduler,
            makeSource: { input in
                let catalog = StubCatalog(total: input.total)
                let provider = Provider<FeedTarget>(
                    endpointClosure: { target in
                        let query = URLComponents(url: target.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
                        let page = Int(query.first { $0.name == "page" }?.value ?? "1")! - 1
                        let category = query.first { $0.name == "category" }?.value ?? "all"
                        let request = PageRequest(index: page, pageSize: input.pageSize, category: category)
                        let failure = failures.withLock { $0.removeValue(forKey: page) }
                        let body = override.current
                        return Endpoint(
                            url: target.url.absoluteString,
                            sampleResponseClosure: {
                                if let (status, message) = failure { return .networkResponse(status, Data(message.utf8)) }
                                if let body { return .networkResponse(200, Data(body(request).serialized())) }
                                return .networkResponse(200, Data(catalog.envelopeBody(for: request)))
                            },
                            method: .get, task: .requestPlain, httpHeaderFields: target.headers)
                    },
                    stubClosure: { _ in .delayed(seconds: delay) }, stubScheduler: scheduler, plugins: [recorder])
                return ProviderFeedSource(config: input.config, context: input.context, provider: provider)
            },
            imageLoader: imageLoader)
        viewModel = FeedViewModel(input: input, environment: environment)
        output = viewModel.transform(input: .init(inputChanges: inputChanges))
        let log = self.log
        output.bindRefreshStatus(header: header, footer: footer).subscribe(onNext: { status in log.withLock { $0.append(.status(status)) } })
            .disposed(by: bag)
        output.sectionsUpdates.subscribe(onNext: { update in
            log.withLock { $0.append(.sections(revision: update.revision, count: update.sections[0].items.count)) }
        }).disposed(by: bag)
        output.hud.subscribe(onNext: { hud in log.withLock { $0.append(.hud(hud.style, hud.message)) } }).disposed(by: bag)
        output.imageDownloaded.subscribe(onNext: { download in
            log.withLock { $0.append(.image(index: download.index, ok: download.image != nil)) }
        }).disposed(by: bag)
        scheduler.advanceTo(1)
        log.withLock { $0.removeAll() }
    }

    /// Sends a command; the returned box fills in when it completes (and logs `.result`).
    @discardableResult
    func request(reload: Bool, name: String? = nil) -> Locked<Result<PageLoadResult, FeedError>?> {
        let box = Locked<Result<PageLoadResult, FeedError>?>(nil)
        let log = self.log
        let label = name ?? (reload ? "reload" : "more")
        _ = viewModel.request(reload: reload).subscribe { result in
            let mapped = result.mapError { $0 as! FeedError }
            box.withLock { $0 = mapped }
            log.withLock { $0.append(.result(label)) }
        }
        return box
    }

    /// `willDisplay(index:)`, its outcome unheard, as a view's `willDisplayCell` sends it.
    func willDisplay(_ index: Int) { _ = viewModel.willDisplay(index: index).subscribe { _ in } }

    /// `cancelImage(index:)`, its outcome unheard.
    func cancelImage(_ index: Int) { _ = viewModel.cancelImage(index: index).subscribe { _ in } }

    /// `updateInput(merging:)` of an object's members, its outcome unheard.
    func updateInput(_ members: JSON) { _ = viewModel.updateInput(merging: members.objectValue!).subscribe { _ in } }

    /// Runs every scheduled action.
    func run() { scheduler.start() }

    /// Advances the clock by `ticks`.
    func advance(_ ticks: Int) { scheduler.advanceTo(scheduler.clock + ticks) }

    var entries: [Entry] { log.current }
    var statuses: [RefreshStatus] { entries.compactMap { if case .status(let s) = $0 { return s } else { return nil } } }
    var items: [FeedItem] { Array(viewModel.currentSections.sections[0].items) }
    func clearLog() { log.withLock { $0.removeAll() } }
}

/// Records what is sent through a transport, with the priority it had when sent.
struct RecordingTransport: HTTPTransport {
    let requests: Locked<[(url: String, priority: RequestPriority.Level)]>
    let inner: any HTTPTransport

    func send(_ request: HTTPRequest, completion: @escaping @Sendable (Result<(HTTPResponse, Data), NetworkError>) -> Void) -> any Cancelable {
        requests.withLock { $0.append((request.url.absoluteString, request.priority?.level ?? .normal)) }
        return inner.send(request, completion: completion)
    }
}

/// Records requests and cancellations as the provider sees them.
struct RecordingPlugin: PluginType {
    let requested: Locked<[String]>
    let cancelled: Locked<[String]>

    func willSend(_ request: HTTPRequest, target: any TargetType) {
        requested.withLock { $0.append(request.url.absoluteString) }
    }

    func didReceive(_ result: Result<Response, NetworkError>, target: any TargetType) {
        if case .failure(let error) = result, error.isCancelled { cancelled.withLock { $0.append(error.request?.url.absoluteString ?? "?") } }
    }
}

extension FeedInput {
    /// The stub input with a few fields changed.
    static func stub(category: String = "all", pageSize: Int = 10, total: Int = 95) -> FeedInput {
        try! FeedInput(json: ["category": .string(category), "pageSize": .int(Int64(pageSize)), "total": .int(Int64(total))])
    }
}
