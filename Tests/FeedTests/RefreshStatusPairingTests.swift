@testable import Feed
import FeedModel
import JSON
import Reactive
import XCTest

/// Every `being…` status a view model emits is followed by its `end…` (or, for a load-more,
/// `noMoreData`), however the load ends: a front end's spinner always stops.
final class RefreshStatusPairingTests: XCTestCase {
    /// The `being…` statuses left without their end, by control.
    private func unpaired(_ statuses: [RefreshStatus]) -> [RefreshStatus] {
        var open: [RefreshStatus] = []
        for status in statuses {
            switch status {
            case .beingHeaderRefresh, .beingFooterRefresh: open.append(status)
            case .endHeaderRefresh: open.removeAll { $0 == .beingHeaderRefresh }
            case .endFooterRefresh, .noMoreData: open.removeAll { $0 == .beingFooterRefresh }
            default: break
            }
        }
        return open
    }

    func testAReloadSupersededByAReloadEndsItsHeader() {
        let harness = FeedHarness()
        harness.request(reload: true)
        harness.advance(3)
        harness.request(reload: true)
        harness.run()
        XCTAssertEqual(harness.statuses.filter { $0.concernsHeader }, [.beingHeaderRefresh, .endHeaderRefresh, .beingHeaderRefresh, .endHeaderRefresh])
        XCTAssertEqual(unpaired(harness.statuses), [])
    }

    func testAReloadSupersededByAnInputSwitchEndsItsHeader() {
        let harness = FeedHarness()
        harness.request(reload: true)
        harness.advance(3)
        harness.updateInput(["category": "iOS"])
        harness.run()
        XCTAssertEqual(harness.statuses.filter { $0.concernsHeader }, [.beingHeaderRefresh, .endHeaderRefresh])
        XCTAssertEqual(unpaired(harness.statuses), [])
    }

    func testALoadMoreSupersededByAnInputSwitchEndsItsFooter() {
        let harness = FeedHarness()
        harness.request(reload: true)
        harness.run()
        harness.request(reload: false)
        harness.advance(3)
        harness.updateInput(["category": "iOS"])
        harness.run()
        XCTAssertEqual(unpaired(harness.statuses), [])
    }

    func testADisposedViewModelEndsTheLoadInFlight() {
        let harness = FeedHarness()
        harness.request(reload: true)
        harness.advance(3)
        harness.viewModel.dispose()
        harness.run()
        XCTAssertEqual(harness.statuses.filter { $0.concernsHeader }, [.beingHeaderRefresh, .endHeaderRefresh])
        XCTAssertEqual(unpaired(harness.statuses), [])
    }

    func testAWithdrawnReloadEndsItsHeader() {
        let harness = FeedHarness()
        let subscription = harness.viewModel.request(reload: true).subscribe { _ in }
        harness.advance(3)
        subscription.dispose()
        harness.run()
        XCTAssertEqual(unpaired(harness.statuses), [])
    }
}
