import Feed
import FeedModel
import ImageCodecs
import Images
import Foundation
import JSON
import RPC
import XCTest
@testable import FeedService

/// The one encoding of each wire type (protocol/README.md sections 5, 6 and 9).
final class WireEncodingTests: XCTestCase {
    private func item(_ id: Int) -> FeedItem { FeedItem(id: "\(id)", title: "t\(id)", imageURL: "stub://image/\(id).png") }

    func testAnItemWritesItsKnownFieldsInOrderAndLeavesOutTheOthers() {
        XCTAssertEqual(item(7).wireJSON.objectValue?.orderedKeys, ["id", "title", "imageURL"])
        XCTAssertEqual(FeedItem(id: "a", title: "text only", imageURL: nil).wireJSON, ["id": "a", "title": "text only"], "absent, not null")
        let full = FeedItem(id: "a", title: "b", imageURL: "c", thumbnailURL: "d", author: "e", source: "f", publishedAt: "g", width: 3, height: 4)
        XCTAssertEqual(full.wireJSON.objectValue?.orderedKeys, ["id", "title", "imageURL", "thumbnailURL", "author", "source", "publishedAt", "width", "height"])
        XCTAssertEqual(full.wireJSON["width"], 3)
        var liked = full
        liked.extra = JSONObject([("extra", ["likes": 12, "blurHash": "LEHV6n"] as JSON)])
        XCTAssertEqual(liked.wireJSON.objectValue?.orderedKeys.last, "extra")
        XCTAssertEqual(liked.wireJSON["extra"], ["likes": 12, "blurHash": "LEHV6n"], "a custom source's extra values, as one member")
    }

    func testAChangesetNamesEveryKindOfChange() {
        let changes = Changeset(from: [item(1), item(2)], to: [item(2), item(3)])
        let json = changes.wireJSON(section: 0)
        XCTAssertEqual(json["count"], 2)
        XCTAssertEqual(json["deleted"], [0])
        XCTAssertEqual(json["inserted"]?[0]?["index"], 1)
        XCTAssertEqual(json["inserted"]?[0]?["item"]?["id"], "3")
        XCTAssertEqual(json["moved"], [])
        XCTAssertEqual(json["updated"], [])
    }

    func testSectionsGoAsSnapshotsOrForAnIncrementalClientAsTheChangesOfAnAppend() {
        let first = PagedList((0..<10).map(item))
        var list = first
        list.append(contentsOf: (10..<20).map(item))
        let append = SectionsUpdate(revision: 2, sections: [FeedSection(items: list)], changes: Changeset(appendingTo: 10, in: list))
        var snapshot = JSONObject()
        append.appendWireMembers(incremental: false, to: &snapshot)
        XCTAssertEqual(snapshot.orderedKeys, ["revision", "sections"])
        XCTAssertEqual(JSON.object(snapshot)[keyPath: "sections.0.items"]?.arrayValue?.count, 20)
        var incremental = JSONObject()
        append.appendWireMembers(incremental: true, to: &incremental)
        XCTAssertEqual(JSON.object(incremental)[keyPath: "changes.baseRevision"], 1)
        XCTAssertEqual(JSON.object(incremental)[keyPath: "changes.sections.0.count"], 20)
        XCTAssertEqual(JSON.object(incremental)[keyPath: "changes.sections.0.inserted"]?.arrayValue?.count, 10)
        let reload = SectionsUpdate(revision: 3, sections: [FeedSection(items: first)], changes: Changeset(from: list, to: first))
        var whole = JSONObject()
        reload.appendWireMembers(incremental: true, to: &whole)
        XCTAssertEqual(whole.orderedKeys, ["revision", "sections"], "a replacement is sent whole")
    }

    func testRefreshStatusesAreFlat() {
        XCTAssertEqual(RefreshStatus.none.wireJSON, ["status": "none"])
        XCTAssertEqual(RefreshStatus.noMoreData.wireJSON, ["status": "noMoreData"])
        XCTAssertEqual(RefreshStatus.footerStatus(isHidden: false, isNoMoreData: true).wireJSON, ["status": "footerStatus", "isHidden": false, "isNoMoreData": true])
    }

    func testAnImageCarriesItsBytesOnlyWhenInlineAndThenAsAnAttachment() {
        let image = FeedImage(url: "stub://x", info: ImageInfo(mimeType: "image/png", width: 2, height: 3, byteCount: 3), path: "/tmp/x", data: Data([1, 2, 3]))
        XCTAssertEqual(image.wireJSON, ["url": "stub://x", "mimeType": "image/png", "width": 2, "height": 3, "byteCount": 3, "path": "/tmp/x"])
        XCTAssertTrue(LoadImageRequest.Response(image: image, inline: false).wireAttachments.isEmpty)
        let inline = LoadImageRequest.Response(image: image, inline: true).wireAttachments
        XCTAssertEqual(inline.map(\.path), [["data"]])
        XCTAssertEqual(inline.first?.bytes, Data([1, 2, 3]))
    }

    func testResultsNameTheirFields() {
        let result = PageLoadResult(revision: 2, count: 20, page: 2, hasMore: true, duplicatesDropped: 3)
        XCTAssertEqual(result.wireJSON, ["revision": 2, "count": 20, "page": 2, "hasMore": true, "duplicatesDropped": 3])
        XCTAssertEqual(result.wireJSON.objectValue?.orderedKeys, ["revision", "count", "page", "hasMore", "duplicatesDropped"])
        let clean = PageLoadResult(revision: 2, count: 20, page: 2, hasMore: true)
        XCTAssertEqual(clean.wireJSON, ["revision": 2, "count": 20, "page": 2, "hasMore": true], "duplicatesDropped only when some were")
        XCTAssertEqual(DisplayOutcome(startedLoadMore: true, startedImage: false).wireJSON, ["loadMore": true, "image": false, "ready": false])
        XCTAssertEqual(CancelImageRequest.Response(cancelled: true).wireJSON, ["cancelled": true])
        XCTAssertEqual(UpdateInputRequest.Response(revision: 4).wireJSON, ["revision": 4])
        XCTAssertEqual(DisposeRequest.Response().wireJSON, [:])
        let transform = TransformRequest.Response(
            session: "s1", update: SectionsUpdate(revision: 0, sections: [FeedSection(items: [])], changes: nil), refreshStatus: .none)
        XCTAssertEqual(transform.wireJSON, ["session": "s1", "output": ["sections": [["items": []]], "refreshStatus": ["status": "none"]]])
        let stored = TransformRequest.Response(
            session: "s2", update: SectionsUpdate(revision: 0, sections: [FeedSection(items: [])], changes: nil, isStale: true, storedAt: 1_700_000_000_000),
            refreshStatus: .none)
        XCTAssertEqual(
            stored.wireJSON,
            ["session": "s2", "output": ["sections": [["items": []]], "refreshStatus": ["status": "none"], "stale": true, "storedAt": 1_700_000_000_000]],
            "a stored list says so and when it was fetched")
        var shown = PageLoadResult(revision: 2, count: 20, page: 2, hasMore: true)
        shown.shown = 3
        XCTAssertEqual(shown.wireJSON, ["revision": 2, "count": 20, "page": 2, "hasMore": true, "shown": 3])
        XCTAssertEqual(EditOutcome(revision: 5, found: true).wireJSON, ["revision": 5, "found": true])
    }

    func testAHUDMessageIsItsStyleAndText() {
        var params = JSONObject()
        HUDMessage(style: .error, message: "Server error").appendWireMembers(to: &params)
        XCTAssertEqual(JSON.object(params), ["style": "error", "message": "Server error"])
    }
}
