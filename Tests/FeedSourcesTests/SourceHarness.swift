import FeedModel
@testable import FeedSources
import Foundation
import JSON
import Locking
import Network
import Reactive
import XCTest

/// Builds custom sources from their `custom` JSON and loads their pages over a transport that
/// records every request and answers from a route: the shared ground of the pattern suites.
struct SourceHarness {
    /// What the transport sends back for one request.
    typealias Route = @Sendable (HTTPRequest) -> StubTransport.Reply

    /// The requests sent, in order.
    let sent = Locked<[HTTPRequest]>([])
    let source: ProviderFeedSource

    /// A source of `custom` on `baseURL` whose requests `route` answers (at once, or on
    /// `scheduler`), through `resources` (budgets and tokens) when given.
    init(
        _ custom: JSON, baseURL: String = "https://api.test/", accessKey: String = "KEY", scheduler: (any SchedulerType)? = nil,
        resources: SourceResources? = nil, route: @escaping Route
    ) throws {
        let sent = self.sent
        let transport = StubTransport(scheduler: scheduler) { request in
            sent.withLock { $0.append(request) }
            return route(request)
        }
        let config = try SourceConfig(json: custom, field: "input.custom")
        let composed = resources.map { $0.transport(for: config, over: transport, scheduler: scheduler ?? ImmediateClock()) } ?? transport
        source = ProviderFeedSource(
            config: config, context: SourceConfig.Context(baseURL: baseURL, accessKey: accessKey),
            provider: Provider(callbackScheduler: scheduler, transport: composed))
    }

    /// The URLs requested, in order.
    var urls: [String] { sent.current.map(\.url.absoluteString) }

    /// Page `request`, answered synchronously (a transport without a scheduler).
    func load(_ request: PageRequest) -> Result<FeedPage, FeedError> {
        let box = Locked<Result<FeedPage, FeedError>?>(nil)
        _ = source.page(request).subscribe { result in box.withLock { $0 = result.mapError { $0 as! FeedError } } }
        guard let result = box.current else { return .failure(.transport(message: "no answer yet", url: nil)) }
        return result
    }

    /// Pages from the first until the list ends (at most `limit`), as a view model asks for
    /// them: each with the previous page's cursor and the cursors of the pages before it.
    func loadAll(pageSize: Int = 2, category: String = "all", limit: Int = 20) throws -> [FeedPage] {
        var pages: [FeedPage] = []
        var request = PageRequest(index: 0, pageSize: pageSize, category: category)
        while pages.count < limit {
            let page = try load(request).get()
            pages.append(page)
            guard page.hasMore else { break }
            if let cursor = request.cursor { request.loadedCursors.append(cursor) }
            request = PageRequest(index: request.index + 1, pageSize: pageSize, category: category, cursor: page.nextCursor,
                                  loadedCursors: request.loadedCursors)
        }
        return pages
    }

    /// A JSON answer.
    static func json(_ body: JSON, status: Int = 200, headers: [String: String] = [:]) -> StubTransport.Reply {
        .response(statusCode: status, headers: headers, body: Data(body.serialized()))
    }

    /// A text answer.
    static func text(_ body: String, status: Int = 200, headers: [String: String] = [:]) -> StubTransport.Reply {
        .response(statusCode: status, headers: headers, body: Data(body.utf8))
    }

    /// The query parameters of `request`, decoded.
    static func query(_ request: HTTPRequest) -> [String: String] {
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }
}

/// A clock that stands still, for sources whose budgets and tokens are never timed.
struct ImmediateClock: SchedulerType {
    var now: RxTimeInterval { 0 }
    func schedule(_ action: @escaping @Sendable () -> Void) -> Disposable {
        action()
        return Disposables.create()
    }
    func scheduleRelative(_ dueTime: RxTimeInterval, _ action: @escaping @Sendable () -> Void) -> Disposable {
        action()
        return Disposables.create()
    }
}

extension Result {
    /// The failure, when it is one.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
