@testable import Feed
import FeedSources
import JSON
import Locking
import Reactive
import XCTest

/// One way in: the seeds' `transform(input:) -> Output` is a view of the commands, and the input
/// has one source of truth, the view model's, that every switch merges into.
final class FeedViewModelInputTests: XCTestCase {
    /// Everything a view can observe of a harness, stamped with the virtual time it happened at.
    private func record(_ harness: FeedHarness) -> Locked<[String]> {
        let history = Locked<[String]>([])
        let scheduler = harness.scheduler
        let note: @Sendable (String) -> Void = { event in history.withLock { $0.append("\(scheduler.clock) \(event)") } }
        let output = harness.output
        _ = output.sections.drive(onNext: { note("driver \($0[0].items.map(\.id))") })
        _ = output.sectionsUpdates.subscribe(onNext: { note("update \($0.revision) \($0.sections[0].items.count)") })
        _ = output.bindRefreshStatus(header: true, footer: true).subscribe(onNext: { note("status \($0)") })
        _ = output.hud.subscribe(onNext: { note("hud \($0.message)") })
        return history
    }

    func testTheSeedsBindingAndTheCommandsMakeTheSameHistory() {
        // Seed 001's shape: a category relay in the input, `requestCommand` in the output.
        let category = BehaviorRelay(value: "all")
        let seed = FeedHarness(input: .stub(total: 25), inputChanges: category.asObservable().map { JSONObject([("category", .string($0))]) })
        let commands = FeedHarness(input: .stub(total: 25))
        let seedHistory = record(seed)
        let commandHistory = record(commands)
        let steps: [(seed: () -> Void, command: () -> Void, ticks: Int)] = [
            ({ seed.output.requestCommand.onNext(true) }, { _ = commands.viewModel.request(reload: true).subscribe { _ in } }, 20),
            ({ seed.output.requestCommand.onNext(false) }, { _ = commands.viewModel.request(reload: false).subscribe { _ in } }, 4),
            ({ seed.output.requestCommand.onNext(false) }, { _ = commands.viewModel.request(reload: false).subscribe { _ in } }, 20),
            ({ seed.output.requestCommand.onNext(false) }, { _ = commands.viewModel.request(reload: false).subscribe { _ in } }, 3),
            ({ category.accept("iOS") }, { commands.updateInput(["category": "iOS"]) }, 2),
            ({ seed.output.requestCommand.onNext(true) }, { _ = commands.viewModel.request(reload: true).subscribe { _ in } }, 20),
            ({ seed.output.requestCommand.onNext(false) }, { _ = commands.viewModel.request(reload: false).subscribe { _ in } }, 20),
            ({ seed.output.requestCommand.onNext(false) }, { _ = commands.viewModel.request(reload: false).subscribe { _ in } }, 20),
        ]
        for step in steps {
            step.seed()
            step.command()
            seed.advance(step.ticks)
            commands.advance(step.ticks)
        }
        XCTAssertEqual(seedHistory.current, commandHistory.current)
        XCTAssertTrue(seedHistory.current.contains { $0.hasSuffix("status noMoreData") }, "the script reached the end of the list")
        XCTAssertEqual(seed.items.first?.id, "iOS-1")
        XCTAssertEqual(seed.items.count, 25)
    }

    func testSwitchesSentBackToBackEachMergeIntoTheInputTheOneBeforeLeft() throws {
        let harness = FeedHarness()
        harness.updateInput(["pageSize": 20])
        harness.updateInput(["category": "iOS"])
        let reload = harness.request(reload: true)
        harness.run()
        XCTAssertEqual(try reload.current?.get().count, 20, "the second switch kept the first one's pageSize")
        XCTAssertEqual(harness.items.first?.id, "iOS-1")
    }

    func testABadSwitchSaysWhichMemberAndChangesNothing() throws {
        let harness = FeedHarness()
        harness.request(reload: true)
        harness.run()
        harness.clearLog()
        let outcome = Locked<Result<FeedInput, any Error>?>(nil)
        _ = harness.viewModel.updateInput(merging: JSONObject([("pageSize", 0)])).subscribe { result in outcome.withLock { $0 = result } }
        harness.run()
        XCTAssertThrowsError(try outcome.current?.get()) { error in XCTAssertEqual((error as? FeedInputError)?.field, "input.pageSize") }
        XCTAssertEqual(harness.entries, [])
        XCTAssertEqual(harness.items.count, 10)
    }

    func testASwitchThatChangesNothingStillKeepsTheMembersGiven() throws {
        let harness = FeedHarness()
        // The stub source ignores `baseURL`: the input is equal, nothing is emitted...
        harness.updateInput(["baseURL": "https://api.test/list"])
        harness.run()
        XCTAssertEqual(harness.entries, [])
        // ...but the member is kept, and the envelope source a later switch names needs it.
        let outcome = Locked<FeedInput?>(nil)
        _ = harness.viewModel.updateInput(merging: JSONObject([("source", "envelope")])).subscribe { result in outcome.withLock { $0 = try? result.get() } }
        harness.run()
        XCTAssertEqual(outcome.current?.baseURL, "https://api.test/list")
    }
}

/// `FeedInput.merging(_:)`: what `updateInput` does to an input's members.
final class FeedInputMergingTests: XCTestCase {
    func testTheMembersGivenReplaceTheirNamesakesAndTheRestStay() throws {
        let input = try FeedInput(json: ["source": "envelope", "baseURL": "https://api.test/", "pageSize": 20, "x-unknown": true])
        let merged = try input.merging(JSONObject([("category", "news"), ("pageSize", 30)]))
        XCTAssertEqual(merged.category, "news")
        XCTAssertEqual(merged.pageSize, 30)
        XCTAssertEqual(merged.baseURL, "https://api.test/")
        XCTAssertEqual(merged.members.orderedKeys, ["source", "baseURL", "pageSize", "x-unknown", "category"])
    }

    func testTheMergedInputIsCheckedAnew() {
        let input = FeedInput()
        XCTAssertThrowsError(try input.merging(JSONObject([("source", "envelope")]))) { error in
            XCTAssertEqual((error as? FeedInputError)?.field, "input.baseURL")
        }
    }

    func testInputsAreEqualWhenTheySayTheSameHoweverTheyAreWritten() throws {
        XCTAssertEqual(FeedInput(), try FeedInput(json: ["pageSize": 10, "category": "all"]))
        XCTAssertNotEqual(FeedInput(), try FeedInput(json: ["pageSize": 11]))
    }
}
