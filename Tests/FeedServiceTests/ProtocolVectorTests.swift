import Feed
import FeedModel
import Foundation
import JSON
import XCTest
@testable import FeedService

/// protocol/vectors/sections.json, the incremental-sections cases every client's tests also
/// load: the server's diff and wire encoding produce each change exactly, and applying each
/// change to the list before it gives the list after it.
final class ProtocolVectorTests: XCTestCase {
    /// One step of a case: a `sections` notification's params and what follows from it.
    private struct Step {
        var notification: JSONObject
        var expected: [FeedItem]?
        var revision: Int?
        var error: String?
    }

    private func cases(file: StaticString = #filePath, line: UInt = #line) throws -> [(name: String, steps: [Step])] {
        var directory = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
        while directory.path != "/" {
            let vectors = directory.appendingPathComponent("protocol/vectors/sections.json")
            if let data = FileManager.default.contents(atPath: vectors.path) {
                let document = try JSON.parse([UInt8](data))
                return try XCTUnwrap(document["cases"]?.arrayValue).map { entry in
                    let steps = (entry["steps"]?.arrayValue ?? []).map { step in
                        Step(
                            notification: step["notification"]?.objectValue ?? JSONObject(),
                            expected: step["expect"]?[0]?.arrayValue.map { $0.map(Self.item) },
                            revision: step["revision"]?.integerValue,
                            error: step["error"]?.stringValue)
                    }
                    return (entry["name"]?.stringValue ?? "?", steps)
                }
            }
            directory.deleteLastPathComponent()
        }
        XCTFail("protocol/vectors/sections.json not found above \(file)", file: file, line: line)
        return []
    }

    /// A FeedItem from its wire form (protocol/README.md section 5).
    private static func item(_ json: JSON) -> FeedItem {
        FeedItem(
            id: json["id"]?.stringValue ?? "", title: json["title"]?.stringValue ?? "",
            imageURL: json["imageURL"]?.stringValue, thumbnailURL: json["thumbnailURL"]?.stringValue,
            author: json["author"]?.stringValue, source: json["source"]?.stringValue,
            publishedAt: json["publishedAt"]?.stringValue, width: json["width"]?.integerValue,
            height: json["height"]?.integerValue)
    }

    /// The members after `session` the server writes for `update` to an incremental client.
    private func wireMembers(of update: SectionsUpdate) -> JSON {
        var members = JSONObject()
        members.appendUnchecked(key: "session", value: "s1")
        update.appendWireMembers(incremental: true, to: &members)
        return .object(members)
    }

    func testTheServerSendsEveryVectorsChangeExactlyAsItsDiffProducesIt() throws {
        let cases = try cases()
        XCTAssertGreaterThanOrEqual(cases.count, 6)
        var checked = 0
        for (name, steps) in cases {
            var list: [FeedItem] = []
            for (index, step) in steps.enumerated() {
                let label = "\(name), step \(index + 1)"
                guard step.error == nil, let expected = step.expected, let revision = step.revision else { continue }
                let changes = Changeset(from: list, to: expected)
                let update = SectionsUpdate(revision: revision, sections: [FeedSection(items: changes.items)], changes: changes)
                if let sent = step.notification["changes"]?["sections"]?[0] {
                    XCTAssertEqual(changes.wireJSON(section: 0), sent, "the diff of \(label)")
                    XCTAssertEqual(Self.applying(sent, to: list), expected, "applying \(label)")
                    if update.isAppendOnly {
                        XCTAssertEqual(wireMembers(of: update), .object(step.notification), "the notification of \(label)")
                    }
                } else {
                    XCTAssertEqual(step.notification["sections"], [FeedSection(items: changes.items)].wireJSON, "the snapshot of \(label)")
                    if !update.isAppendOnly {
                        XCTAssertEqual(wireMembers(of: update), .object(step.notification), "the notification of \(label)")
                    }
                }
                list = expected
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 15)
    }

    /// The client's recipe (protocol/README.md section 9): remove deleted and moved-from rows,
    /// place inserted and moved-to rows, fill the other slots in order, then replace updated rows.
    private static func applying(_ change: JSON, to old: [FeedItem]) -> [FeedItem] {
        let deleted = (change["deleted"]?.arrayValue ?? []).compactMap(\.integerValue)
        let moved = (change["moved"]?.arrayValue ?? []).compactMap { move in
            move["from"]?.integerValue.flatMap { from in move["to"]?.integerValue.map { (from, $0) } }
        }
        let inserted = (change["inserted"]?.arrayValue ?? []).map { ($0["index"]?.integerValue ?? -1, item($0["item"] ?? .null)) }
        let updated = (change["updated"]?.arrayValue ?? []).map { ($0["index"]?.integerValue ?? -1, item($0["item"] ?? .null)) }
        let removed = Set(deleted + moved.map(\.0))
        var slots = [FeedItem?](repeating: nil, count: old.count - deleted.count + inserted.count)
        for (from, to) in moved { slots[to] = old[from] }
        for (index, item) in inserted { slots[index] = item }
        var kept = old.indices.filter { !removed.contains($0) }.map { old[$0] }.makeIterator()
        for index in slots.indices where slots[index] == nil { slots[index] = kept.next() }
        for (index, item) in updated { slots[index] = item }
        return slots.compactMap { $0 }
    }
}
