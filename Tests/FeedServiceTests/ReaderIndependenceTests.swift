@testable import Feed
@testable import FeedService
import Foundation
import JSON
import XCTest

/// The RPC reader never waits for a session: whatever one session's queue or lock is busy
/// with (listing a large disk cache, a slow decode), `ping` and every other session are served.
final class ReaderIndependenceTests: XCTestCase {
    func testRequestsToASessionWhoseStateIsLockedDoNotHoldUpPingOrAnotherSession() throws {
        let harness = FeedServiceHarness()
        let busy = harness.makeSession()
        let other = harness.makeSession()
        XCTAssertEqual(harness.call("requestCommand", ["session": .string(busy), "reload": true]).result?["count"], 10)
        XCTAssertEqual(harness.call("requestCommand", ["session": .string(other), "reload": true]).result?["count"], 10)

        let viewModel = try harness.service.sessions.session(busy).viewModel
        let gate = Gate()
        gate.holdLock(of: viewModel)
        let load = harness.send("loadImage", ["session": .string(busy), "index": 0, "inline": false])
        let command = harness.send("requestCommand", ["session": .string(busy), "reload": false])
        let display = harness.send("willDisplay", ["session": .string(busy), "index": 1])
        let ping = harness.send("ping", [:])
        let otherDisplay = harness.send("willDisplay", ["session": .string(other), "index": 0, "variant": "thumbnail"])

        XCTAssertEqual(harness.response(to: ping)["result"], [:], "ping is answered while the session's state is locked")
        XCTAssertNotNil(harness.response(to: otherDisplay)["result"], "another session is served meanwhile")
        gate.open()
        XCTAssertEqual(harness.response(to: load)[keyPath: "result.mimeType"], "image/png")
        XCTAssertEqual(harness.response(to: command)[keyPath: "result.count"], 20)
        XCTAssertNotNil(harness.response(to: display)["result"])
    }

    func testRequestsToASessionWhoseQueueIsBusyDoNotHoldUpPingOrAnotherSession() throws {
        let harness = FeedServiceHarness()
        let busy = harness.makeSession()
        let other = harness.makeSession()
        XCTAssertEqual(harness.call("requestCommand", ["session": .string(busy), "reload": true]).result?["count"], 10)

        let viewModel = try harness.service.sessions.session(busy).viewModel
        let gate = Gate()
        gate.occupyQueue(of: viewModel)
        let command = harness.send("requestCommand", ["session": .string(busy), "reload": true])
        let load = harness.send("loadImage", ["session": .string(busy), "index": 0, "inline": false])
        let ping = harness.send("ping", [:])
        let otherLoad = harness.send("requestCommand", ["session": .string(other), "reload": true])

        XCTAssertEqual(harness.response(to: ping)["result"], [:])
        XCTAssertEqual(harness.response(to: otherLoad)[keyPath: "result.count"], 10)
        gate.open()
        XCTAssertEqual(harness.response(to: command)[keyPath: "result.count"], 10)
        XCTAssertEqual(harness.response(to: load)[keyPath: "result.mimeType"], "image/png")
    }
}

/// Keeps a session busy until `open()`: its state lock held, or its queue running a task.
private final class Gate: Sendable {
    private let entered = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)

    /// Returns once another thread holds `viewModel`'s state lock.
    func holdLock(of viewModel: FeedViewModel) {
        Thread { [self] in
            viewModel.state.withLock { _ in
                entered.signal()
                released.wait()
            }
        }.start()
        entered.wait()
    }

    /// Returns once `viewModel`'s scheduler runs a task that waits for `open()`.
    func occupyQueue(of viewModel: FeedViewModel) {
        viewModel.environment.scheduler.schedule { [self] in
            entered.signal()
            released.wait()
        }
        entered.wait()
    }

    /// Lets the session go on; call once.
    func open() { released.signal() }
}
