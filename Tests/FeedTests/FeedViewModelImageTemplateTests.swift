@testable import Feed
import FeedModel
import Images
import JSON
import Locking
import Network
import Reactive
import ReactiveTesting
import XCTest

/// An image the source gave as a template of the API's (`…-{width}x{height}.jpg`) is asked for
/// at the size the front end draws it: the server sends that size, not a default.
final class FeedViewModelImageTemplateTests: XCTestCase {
    /// One page of one item whose image and thumbnail are the same template, 640x360 and 320x180 by default.
    private struct TemplateSource: FeedSource {
        func page(_ request: PageRequest) -> Single<FeedPage> {
            let image = ImageURLTemplate(url: "https://cdn.test/live-{width}x{height}.jpg", fills: ["width": "640", "height": "360"])!
            let thumbnail = ImageURLTemplate(url: "https://cdn.test/live-{width}x{height}.jpg", fills: ["width": "320", "height": "180"])!
            let item = FeedItem(id: "1", title: "Live", imageURL: image.url(), thumbnailURL: thumbnail.url(),
                                imageURLTemplate: image, thumbnailURLTemplate: thumbnail)
            return .just(FeedPage(items: [item], hasMore: false))
        }
    }

    /// Records what is asked for and answers nothing.
    private final class RecordingLoader: ImageRetrieving {
        let asked = Locked<[String]>([])
        func retrieveImage(_ request: ImageRequest, completion: @escaping @Sendable (Result<FeedImage, FeedError>) -> Void) -> any Cancelable {
            asked.withLock { $0.append(request.url) }
            return Disposables.create()
        }
        func isCached(_ request: ImageRequest) -> Bool { false }
    }

    func testTheSizeAskedForFillsTheTemplateOfTheVariant() {
        let scheduler = TestScheduler()
        let loader = RecordingLoader()
        let environment = FeedEnvironment(scheduler: scheduler, makeSource: { _ in TemplateSource() }, imageLoader: loader)
        let viewModel = FeedViewModel(input: FeedInput(), environment: environment)
        scheduler.scheduleAt(100) { _ = viewModel.request(reload: true).subscribe { _ in } }
        scheduler.scheduleAt(200) { _ = viewModel.loadImage(index: 0, options: ImageOptions(maxWidth: 1280, maxHeight: 720)).subscribe { _ in } }
        scheduler.scheduleAt(300) { _ = viewModel.loadImage(index: 0, variant: .thumbnail, options: ImageOptions(maxWidth: 160)).subscribe { _ in } }
        scheduler.scheduleAt(400) { _ = viewModel.loadImage(index: 0).subscribe { _ in } }
        scheduler.start()
        XCTAssertEqual(loader.asked.current, [
            "https://cdn.test/live-1280x720.jpg", "https://cdn.test/live-160x90.jpg", "https://cdn.test/live-640x360.jpg",
        ])
    }
}
