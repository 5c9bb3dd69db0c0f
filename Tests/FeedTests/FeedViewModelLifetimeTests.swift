import Feed
import Images
import Network
import Reactive
import ReactiveTesting
import XCTest

/// A disposed view model lets go of everything, so a long-lived process does not grow.
final class FeedViewModelLifetimeTests: XCTestCase {
    func testADisposedViewModelIsReleasedWithItsSnapshots() {
        let scheduler = TestScheduler()
        weak var released: FeedViewModel?
        do {
            let input = try! FeedInput(json: ["total": 45])
            let loader = ImageLoader(diskCache: nil, transport: SchemeRoutingTransport(live: StubTransport { _ in .never }))
            let environment = FeedEnvironment.live(scheduler: scheduler, imageLoader: loader)
            let viewModel = FeedViewModel(input: input, environment: environment)
            let output = viewModel.transform(input: .init())
            let bag = DisposeBag()
            output.sectionsUpdates.subscribe(onNext: { _ in }).disposed(by: bag)
            output.refreshStatus.subscribe(onNext: { _ in }).disposed(by: bag)
            _ = viewModel.request(reload: true).subscribe { _ in }
            scheduler.start()
            for _ in 0..<4 { _ = viewModel.request(reload: false).subscribe { _ in } }
            scheduler.start()
            _ = viewModel.loadImage(index: 0).subscribe { _ in }
            scheduler.start()
            XCTAssertEqual(viewModel.currentSections.sections[0].items.count, 45, "the immediate stub answers each load-more before the next")
            viewModel.dispose()
            scheduler.start()
            released = viewModel
        }
        XCTAssertNil(released, "something still holds the disposed view model")
    }
}
