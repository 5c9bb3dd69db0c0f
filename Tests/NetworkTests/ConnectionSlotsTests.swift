import XCTest
@testable import Network

final class ConnectionSlotsTests: XCTestCase {
    private func transfer(_ url: String) -> CurlTransfer {
        CurlTransfer(request: HTTPRequest(url: URL(string: url)!), limits: CurlTransport.Limits(), completion: { _ in })
    }

    func testEachHostGetsItsOwnSlotsInArrivalOrder() {
        var slots = ConnectionSlots(perHost: 2, total: 10)
        let a = (1...3).map { transfer("http://a.test/\($0)") }
        let b = transfer("HTTP://B.test/1")
        (a + [b]).forEach { slots.enqueue($0) }
        XCTAssertEqual(slots.admit().map(\.request.url.path), ["/1", "/2", "/1"], "a.test's third waits; b.test is not held up")
        XCTAssertEqual(slots.admit().count, 0)
        slots.release(a[0])
        XCTAssertTrue(slots.admit().first === a[2])
    }

    func testTheTotalLimitHoldsAcrossHosts() {
        var slots = ConnectionSlots(perHost: 6, total: 2)
        let transfers = ["http://a.test/", "http://b.test/", "http://c.test/"].map(transfer)
        transfers.forEach { slots.enqueue($0) }
        XCTAssertEqual(slots.admit().count, 2)
        slots.release(transfers[1])
        XCTAssertTrue(slots.admit().first === transfers[2])
    }

    func testAPortIsAnotherHostAndACancelledTransferLeavesTheQueue() {
        var slots = ConnectionSlots(perHost: 1, total: 10)
        let first = transfer("http://a.test:8080/")
        let cancelled = transfer("http://a.test:8080/x")
        let otherPort = transfer("http://a.test:9090/")
        [first, cancelled, otherPort].forEach { slots.enqueue($0) }
        XCTAssertEqual(slots.admit().map(\.request.url.port), [8080, 9090])
        cancelled.finish(.failure(.cancelled(nil)))
        slots.release(first)
        XCTAssertEqual(slots.admit().count, 0, "the cancelled one is dropped, not started")
        XCTAssertNil(slots.millisecondsToNextDeadline)
    }

    private func transfer(_ url: String, _ level: RequestPriority.Level) -> CurlTransfer {
        var request = HTTPRequest(url: URL(string: url)!)
        request.priority = RequestPriority(level)
        return CurlTransfer(request: request, limits: CurlTransport.Limits(), completion: { _ in })
    }

    func testAFreeSlotGoesToTheHighestPriorityThenToTheEarliest() {
        var slots = ConnectionSlots(perHost: 1, total: 10)
        let running = transfer("http://a.test/running", .high)
        let prefetches = (1...3).map { transfer("http://a.test/prefetch\($0)", .low) }
        let visible = transfer("http://a.test/visible", .high)
        let plain = transfer("http://a.test/plain")
        ([running] + prefetches + [visible, plain]).forEach { slots.enqueue($0) }
        XCTAssertEqual(slots.admit().map(\.request.url.path), ["/running"])
        var order: [String] = []
        var current = running
        for _ in 0..<5 {
            slots.release(current)
            let next = slots.admit()
            XCTAssertEqual(next.count, 1)
            current = next[0]
            order.append(current.request.url.path)
        }
        XCTAssertEqual(order, ["/visible", "/plain", "/prefetch1", "/prefetch2", "/prefetch3"])
    }

    func testARaisedPriorityOvertakesTheTransfersItWaitedBehind() {
        var slots = ConnectionSlots(perHost: 1, total: 10)
        let running = transfer("http://a.test/running", .high)
        let prefetches = (1...3).map { transfer("http://a.test/prefetch\($0)", .low) }
        ([running] + prefetches).forEach { slots.enqueue($0) }
        _ = slots.admit()
        prefetches[2].request.priority?.raise(to: .high)
        prefetches[2].request.priority?.raise(to: .low)
        slots.release(running)
        XCTAssertEqual(slots.admit().map(\.request.url.path), ["/prefetch3"], "raised, and never lowered again")
        XCTAssertEqual(prefetches[2].request.priority?.level, .high)
    }
}
