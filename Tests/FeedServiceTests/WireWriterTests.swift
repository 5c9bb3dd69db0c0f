import Feed
import FeedModel
import JSON
import Logging
import XCTest
@testable import FeedService

/// A result written straight into its answer reads exactly as its `wireJSON` would, with the
/// same secrets replaced.
final class WireWriterTests: XCTestCase {
    private func written(_ value: some WireEncodable, secrets: SecretRedactor.Snapshot? = nil) -> String {
        var bytes: [UInt8] = []
        JSONTextBuffer.appending(to: &bytes) { WireWriter.write(value, secrets: secrets, into: &$0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A result written through the default, its `wireJSON`.
    private struct Tree: WireEncodable {
        let wireJSON: JSON
    }

    private func serialized(_ json: JSON) -> String { String(decoding: json.serialized(), as: UTF8.self) }

    private let loads = [
        PageLoadResult(revision: 3, count: 20, page: 1, hasMore: true),
        PageLoadResult(revision: 4, count: 22, page: 2, hasMore: false, duplicatesDropped: 2, endReason: .emptyPage, attempts: 3,
                       warnings: ["slow \"page\"", "second"]),
    ]

    func testEveryResultWrittenDirectlyIsItsWireJSONByteForByte() {
        for outcome in [DisplayOutcome(startedLoadMore: true, startedImage: false, imageReady: true),
                        DisplayOutcome(startedLoadMore: false, startedImage: true, imageReady: false)] {
            XCTAssertEqual(written(outcome), serialized(outcome.wireJSON))
        }
        XCTAssertEqual(written(EditOutcome(revision: 12, found: false)), serialized(EditOutcome(revision: 12, found: false).wireJSON))
        XCTAssertEqual(written(UpdateInputRequest.Response(revision: -1)), serialized(UpdateInputRequest.Response(revision: -1).wireJSON))
        XCTAssertEqual(written(CancelImageRequest.Response(cancelled: true)), serialized(CancelImageRequest.Response(cancelled: true).wireJSON))
        XCTAssertEqual(written(DisposeRequest.Response()), "{}")
        var shown = loads[0]
        shown.shown = 5
        for load in loads + [shown] {
            XCTAssertEqual(written(load), serialized(load.wireJSON))
            for response in [RequestCommandRequest.Response.loaded(load), .retried(load), .retried(nil)] {
                XCTAssertEqual(written(response), serialized(response.wireJSON))
            }
        }
    }

    func testSecretsAreReplacedInStringValuesWrittenDirectlyOrThroughTheTree() {
        let redactor = SecretRedactor()
        redactor.insert("AK-9f3c2e71")
        let load = PageLoadResult(revision: 1, count: 0, page: 1, hasMore: false, warnings: ["bad key AK-9f3c2e71"])
        XCTAssertEqual(written(load, secrets: redactor.snapshot()), serialized(redactor.redact(json: load.wireJSON)))
        XCTAssertFalse(written(load, secrets: redactor.snapshot()).contains("AK-9f3c2e71"))
        let tree = Tree(wireJSON: ["url": "https://api.test/AK-9f3c2e71/1.png", "sizes": [1, "AK-9f3c2e71"], "AK-9f3c2e71": true])
        XCTAssertEqual(written(tree, secrets: redactor.snapshot()), serialized(redactor.redact(json: tree.wireJSON)))
        XCTAssertEqual(written(tree, secrets: redactor.snapshot()),
                       #"{"url":"https://api.test/REDACTED/1.png","sizes":[1,"REDACTED"],"AK-9f3c2e71":true}"#, "member names are kept")
        XCTAssertTrue(written(load).contains("AK-9f3c2e71"), "no secrets: written as it is")
    }

    /// A result whose `wireJSON` getter counts its calls.
    private final class CountingTree: WireEncodable, @unchecked Sendable {
        // Safety: the tests use it from one thread.
        var builds = 0
        var wireJSON: JSON {
            builds += 1
            return ["warning": "bad key AK-9f3c2e71", "count": 2]
        }
    }

    func testATreeResultIsBuiltAndRedactedBeforeItIsHandedToTheAnswer() {
        let redactor = SecretRedactor()
        redactor.insert("AK-9f3c2e71")
        let tree = CountingTree()
        XCTAssertEqual(WireAnswer.tree(of: tree, secrets: redactor.snapshot()), ["warning": "bad key REDACTED", "count": 2])
        XCTAssertEqual(tree.builds, 1)
        XCTAssertEqual(WireAnswer.tree(of: tree, secrets: nil), ["warning": "bad key AK-9f3c2e71", "count": 2])
        XCTAssertFalse(CountingTree.writesMembers, "answered through its tree")
    }

    func testResultsAnsweredOftenWriteTheirMembers() {
        XCTAssertTrue(DisplayOutcome.writesMembers)
        XCTAssertTrue(PageLoadResult.writesMembers)
        XCTAssertTrue(RequestCommandRequest.Response.writesMembers)
        XCTAssertTrue(EditOutcome.writesMembers)
        XCTAssertFalse(DisposeRequest.Response.writesMembers)
    }
}
