@testable import Feed
@testable import FeedModel
import JSON
import Locking
import Reactive
import XCTest

final class FeedViewModelLoadingTests: XCTestCase {
    func testAReloadLoadsTheFirstPageAndEmitsEverythingBeforeItsResult() throws {
        let harness = FeedHarness()
        let result = harness.request(reload: true)
        harness.run()
        XCTAssertEqual(try result.current?.get(), PageLoadResult(revision: 1, count: 10, page: 1, hasMore: true))
        XCTAssertEqual(harness.entries, [
            .status(.beingHeaderRefresh), .sections(revision: 1, count: 10), .hud(.success, "Load successful"),
            .status(.endHeaderRefresh), .status(.footerStatus(isHidden: false, isNoMoreData: false)), .result("reload"),
        ])
        XCTAssertEqual(harness.items.first?.id, "all-1")
    }

    func testALoadMoreAppendsTheNextPageAsADiffTheSizeOfThePage() throws {
        let harness = FeedHarness()
        harness.request(reload: true)
        harness.run()
        harness.clearLog()
        let result = harness.request(reload: false)
        harness.run()
        XCTAssertEqual(try result.current?.get(), PageLoadResult(revision: 2, count: 20, page: 2, hasMore: true))
        XCTAssertEqual(harness.viewModel.currentSections.changes?.size, 10)
        XCTAssertEqual(harness.viewModel.currentSections.changes?.inserted, Array(10..<20))
        XCTAssertEqual(harness.statuses, [.beingFooterRefresh, .endFooterRefresh, .footerStatus(isHidden: false, isNoMoreData: false)])
        XCTAssertEqual(harness.requestedURLs.current.last, "stub://feed/?category=all&page=2&pageSize=10")
    }

    func testAReloadSupersedesAnInFlightLoadMoreAndCancelsItsRequest() throws {
        let harness = FeedHarness()
        harness.request(reload: true)
        harness.run()
        harness.clearLog()
        let more = harness.request(reload: false)
        harness.advance(3)  // the load-more's request is out
        let reload = harness.request(reload: true)
        harness.run()
        XCTAssertEqual(more.current.map { if case .failure(.cancelled(.superseded)) = $0 { true } else { false } }, true)
        XCTAssertEqual(try reload.current?.get().count, 10)
        XCTAssertEqual(harness.items.count, 10)
        XCTAssertEqual(harness.cancelledURLs.current, ["stub://feed/?category=all&page=2&pageSize=10"])
        XCTAssertEqual(harness.entries, [
            .status(.beingFooterRefresh), .status(.endFooterRefresh), .result("more"), .status(.beingHeaderRefresh),
            .sections(revision: 2, count: 10), .hud(.success, "Load successful"), .status(.endHeaderRefresh),
            .status(.footerStatus(isHidden: false, isNoMoreData: false)), .result("reload"),
        ])
    }

    func testALoadMoreFollowedAtOnceByAReloadStartsThenIsSuperseded() throws {
        let harness = FeedHarness()
        harness.request(reload: true)
        harness.run()
        let more = harness.request(reload: false)
        let reload = harness.request(reload: true)
        harness.run()
        XCTAssertEqual(more.current.map { if case .failure(.cancelled(.superseded)) = $0 { true } else { false } }, true)
        XCTAssertEqual(try reload.current?.get().page, 1)
    }

    func testALoadMoreWhileALoadMoreIsInFlightJoinsIt() throws {
        let harness = FeedHarness()
        harness.request(reload: true)
        harness.run()
        let before = harness.requestedURLs.current.count
        let first = harness.request(reload: false, name: "first")
        harness.advance(2)
        let second = harness.request(reload: false, name: "second")
        harness.run()
        XCTAssertEqual(harness.requestedURLs.current.count, before + 1)
        XCTAssertEqual(try first.current?.get(), try second.current?.get())
        XCTAssertEqual(harness.items.count, 20)
    }

    func testALoadMoreArrivingDuringAReloadJoinsTheReload() throws {
        let harness = FeedHarness()
        let reload = harness.request(reload: true)
        let more = harness.request(reload: false)
        harness.run()
        XCTAssertEqual(harness.requestedURLs.current.count, 1)
        XCTAssertEqual(try more.current?.get(), try reload.current?.get())
        XCTAssertEqual(try more.current?.get().page, 1)
    }

    func testAfterTheEndALoadMoreChangesNothingUntilAReload() throws {
        let harness = FeedHarness(input: .stub(total: 25))
        harness.request(reload: true)
        harness.run()
        harness.request(reload: false)
        harness.run()
        harness.clearLog()
        let last = harness.request(reload: false)
        harness.run()
        XCTAssertEqual(try last.current?.get(), PageLoadResult(revision: 3, count: 25, page: 3, hasMore: false, endReason: .totalReached))
        XCTAssertEqual(harness.statuses, [.beingFooterRefresh, .noMoreData, .footerStatus(isHidden: false, isNoMoreData: true)])

        harness.clearLog()
        let requests = harness.requestedURLs.current.count
        let extra = harness.request(reload: false)
        harness.run()
        XCTAssertEqual(try extra.current?.get().hasMore, false)
        XCTAssertEqual(harness.entries, [.result("more")])
        XCTAssertEqual(harness.requestedURLs.current.count, requests)

        harness.clearLog()
        harness.request(reload: true)
        harness.run()
        XCTAssertEqual(harness.statuses.last, .footerStatus(isHidden: false, isNoMoreData: false))
    }

    /// Regression: the seed demo advanced its page index before the request and never ended the
    /// spinner on error, so a failed page was skipped and the footer spun forever.
    func testAFailedLoadMoreEndsTheSpinnerKeepsTheListAndRetriesTheSamePage() throws {
        let harness = FeedHarness(input: try FeedInput(json: ["retry": false]))
        harness.request(reload: true)
        harness.run()
        harness.clearLog()
        harness.failures.withLock { $0[1] = (500, #"{"code": 500, "msg": "database on fire"}"#) }
        let failed = harness.request(reload: false)
        harness.run()
        guard case .failure(let error) = failed.current else { return XCTFail("expected a failure") }
        XCTAssertEqual(error.status, 500)
        XCTAssertEqual(error.url, "stub://feed/?category=all&page=2&pageSize=10")
        XCTAssertEqual(harness.entries, [
            .status(.beingFooterRefresh), .hud(.error, "database on fire"), .status(.endFooterRefresh),
            .status(.footerStatus(isHidden: false, isNoMoreData: false)), .result("more"),
        ])
        XCTAssertEqual(harness.items.count, 10)
        XCTAssertEqual(harness.viewModel.currentSections.revision, 1)

        let retry = harness.request(reload: false)
        harness.run()
        XCTAssertEqual(harness.requestedURLs.current.suffix(2), Array(repeating: "stub://feed/?category=all&page=2&pageSize=10", count: 2))
        XCTAssertEqual(try retry.current?.get().page, 2)
        XCTAssertEqual(harness.items.map(\.id), (1...20).map { "all-\($0)" })
    }

    func testAFailedReloadEndsTheHeaderSpinnerAndKeepsTheList() throws {
        let harness = FeedHarness()
        harness.request(reload: true)
        harness.run()
        harness.clearLog()
        harness.failures.withLock { $0[0] = (200, #"{"code": 401, "msg": "token expired"}"#) }
        let failed = harness.request(reload: true)
        harness.run()
        XCTAssertEqual(failed.current.flatMap { try? $0.get() }, nil)
        XCTAssertEqual(harness.statuses, [.beingHeaderRefresh, .endHeaderRefresh, .footerStatus(isHidden: false, isNoMoreData: false)])
        XCTAssertTrue(harness.entries.contains(.hud(.error, "token expired")))
        XCTAssertEqual(harness.items.count, 10)
    }

    func testItemsWhoseIdIsAlreadyListedAreDroppedAndCounted() throws {
        let harness = FeedHarness()
        harness.request(reload: true)
        harness.run()
        // The API's pages shifted by three: the next page repeats three items.
        harness.override.withLock {
            $0 = { request in
                let items: [JSON] = (7..<17).map { ["id": .string("all-\($0 + 1)"), "title": "a shifted row"] }
                return ["code": 0, "msg": "ok", "data": ["list": .array(items), "total": 95]]
            }
        }
        let more = harness.request(reload: false)
        harness.run()
        XCTAssertEqual(try more.current?.get().duplicatesDropped, 3)
        XCTAssertEqual(harness.items.count, 17)
        XCTAssertEqual(Set(harness.items.map(\.id)).count, 17)
    }

    func testTheStatusHolderReplaysItsLatestValueToANewBinder() throws {
        let harness = FeedHarness()
        harness.request(reload: true)
        harness.run()
        let seen = Locked<[RefreshStatus]>([])
        let subscription = harness.output.refreshStatus.subscribe(onNext: { status in seen.withLock { $0.append(status) } })
        XCTAssertEqual(seen.current, [.footerStatus(isHidden: false, isNoMoreData: false)])
        subscription.dispose()
    }

    func testAControlThatDoesNotExistGetsNoStatuses() throws {
        let headerOnly = FeedHarness(footer: false)
        headerOnly.request(reload: true)
        headerOnly.run()
        XCTAssertEqual(headerOnly.statuses, [.beingHeaderRefresh, .endHeaderRefresh])

        let footerOnly = FeedHarness(header: false)
        footerOnly.request(reload: true)
        footerOnly.run()
        XCTAssertEqual(footerOnly.statuses, [.footerStatus(isHidden: false, isNoMoreData: false)])
    }

    func testAnEmptyListHidesTheFooter() throws {
        let harness = FeedHarness(input: .stub(total: 0))
        harness.request(reload: true)
        harness.run()
        XCTAssertEqual(harness.statuses.last, .footerStatus(isHidden: true, isNoMoreData: true))
    }

    func testACategorySwitchCancelsTheLoadClearsTheListAndResetsPaging() throws {
        let harness = FeedHarness()
        harness.request(reload: true)
        harness.run()
        harness.request(reload: false)
        harness.run()
        let inFlight = harness.request(reload: false)
        harness.advance(2)
        harness.updateInput(["category": "iOS"])
        harness.advance(2)
        XCTAssertEqual(inFlight.current.map { if case .failure(.cancelled(.inputChanged)) = $0 { true } else { false } }, true)
        XCTAssertEqual(harness.items, [])
        XCTAssertEqual(harness.cancelledURLs.current.count, 1)
        let reload = harness.request(reload: true)
        harness.run()
        XCTAssertEqual(try reload.current?.get().page, 1)
        XCTAssertEqual(harness.items.first?.id, "iOS-1")
        XCTAssertEqual(harness.requestedURLs.current.last, "stub://feed/?category=iOS&page=1&pageSize=10")
    }

    func testHUDMessagesCanBeTurnedOff() throws {
        let harness = FeedHarness(input: try FeedInput(json: ["hud": false]))
        harness.request(reload: true)
        harness.failures.withLock { $0[1] = (500, "{}") }
        harness.run()
        harness.request(reload: false)
        harness.run()
        XCTAssertFalse(harness.entries.contains { if case .hud = $0 { true } else { false } })
    }

    func testRequestCommandDrivesLoadsAsInTheSeeds() throws {
        let harness = FeedHarness()
        harness.output.requestCommand.onNext(true)
        harness.run()
        harness.output.requestCommand.onNext(false)
        harness.run()
        XCTAssertEqual(harness.items.count, 20)
    }

    func testRevisionsIncreaseByOneWithEverySnapshot() throws {
        let harness = FeedHarness()
        for reload in [true, false, false, true, false] {
            harness.request(reload: reload)
            harness.run()
        }
        let revisions = harness.entries.compactMap { if case .sections(let revision, _) = $0 { revision } else { nil } }
        XCTAssertEqual(revisions, [1, 2, 3, 4, 5])
    }

    func testDisposeCancelsTheLoadInFlight() throws {
        let harness = FeedHarness()
        let reload = harness.request(reload: true)
        harness.advance(2)
        harness.viewModel.dispose()
        harness.run()
        XCTAssertEqual(reload.current.map { if case .failure(.cancelled(.disposed)) = $0 { true } else { false } }, true)
        XCTAssertEqual(harness.cancelledURLs.current.count, 1)
    }

    func testTheSectionsDriverReplaysTheLatestSnapshotOnTheScheduler() throws {
        let harness = FeedHarness()
        harness.request(reload: true)
        harness.run()
        let seen = Locked<[Int]>([])
        let subscription = harness.output.sections.drive(onNext: { sections in seen.withLock { $0.append(sections[0].items.count) } })
        harness.run()
        XCTAssertEqual(seen.current, [10])
        harness.request(reload: false)
        harness.run()
        XCTAssertEqual(seen.current, [10, 20])
        subscription.dispose()
    }

    func testWithdrawingTheOnlyCallerCancelsTheLoadAndEndsTheSpinner() throws {
        let harness = FeedHarness()
        harness.request(reload: true)
        harness.run()
        harness.clearLog()
        let subscription = harness.viewModel.request(reload: false).subscribe { _ in XCTFail("a withdrawn caller hears nothing") }
        harness.advance(3)  // the load-more's request is out
        subscription.dispose()
        harness.run()
        XCTAssertEqual(harness.cancelledURLs.current, ["stub://feed/?category=all&page=2&pageSize=10"])
        XCTAssertEqual(harness.statuses, [.beingFooterRefresh, .endFooterRefresh, .footerStatus(isHidden: false, isNoMoreData: false)])
        XCTAssertEqual(harness.items.count, 10, "the list is unchanged")
        XCTAssertEqual(try harness.request(reload: false).current?.get().page, nil, "nothing runs before the scheduler does")
        harness.run()
        XCTAssertEqual(harness.items.count, 20, "the next load-more loads the same page again")
    }

    func testALoadKeepsRunningWhileAnotherCallerWaits() throws {
        let harness = FeedHarness()
        harness.request(reload: true)
        harness.run()
        let leaving = harness.viewModel.request(reload: false).subscribe { _ in }
        let staying = harness.request(reload: false)
        harness.advance(3)
        leaving.dispose()
        harness.run()
        XCTAssertEqual(try staying.current?.get().count, 20)
        XCTAssertEqual(harness.cancelledURLs.current, [])
    }
}

/// What a load-more costs as the list grows: the page, not the list. Asserted by
/// storage sharing rather than by timing, so a list copied on every page fails on any machine.
final class FeedViewModelPagingCostTests: XCTestCase {
    func testEveryLoadMoreExtendsTheListInPlaceWhileThePreviousSnapshotIsKept() throws {
        let input = try FeedInput(json: ["total": 2_000, "pageSize": 20])
        let harness = FeedHarness(input: input)
        let snapshots = Locked<[SectionsUpdate]>([])
        let subscription = harness.output.sectionsUpdates.subscribe(onNext: { update in snapshots.withLock { $0.append(update) } })
        defer { subscription.dispose() }
        harness.request(reload: true)
        harness.run()
        for _ in 2...100 {
            harness.request(reload: false)
            harness.run()
        }
        let lists = snapshots.current.map { $0.sections[0].items }
        XCTAssertEqual(lists.last?.count, 2_000)
        for (previous, next) in zip(lists.dropFirst(), lists.dropFirst(2)) {  // from the first page on
            XCTAssertTrue(next.sharesElements(with: previous), "the load-more to \(next.count) items copied the list")
        }
        XCTAssertEqual(try XCTUnwrap(lists.last).pageCount, 100, "one page per load, the elements of none copied")
    }

    func testALoadMoresChangesetHoldsIndicesNotASecondCopyOfThePage() throws {
        let input = try FeedInput(json: ["pageSize": 20])
        let harness = FeedHarness(input: input)
        harness.request(reload: true)
        harness.run()
        harness.request(reload: false)
        harness.run()
        let update = harness.viewModel.currentSections
        let changes = try XCTUnwrap(update.changes)
        XCTAssertEqual(changes.inserted, Array(20..<40))
        XCTAssertTrue(changes.items.sharesElements(with: update.sections[0].items))
    }
}
