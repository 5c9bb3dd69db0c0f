import FeedModel
@testable import FeedSources
import JSON
import XCTest

/// What fields read besides an item's own members: the page's root (`{$.config.iiif_url}`),
/// the API's own URL templates filled (`{width}x{height}`), and extra values passed through.
final class FieldValueTests: XCTestCase {
    private func items(_ fields: JSON, _ body: JSON, items: String = "data") throws -> [FeedItem] {
        let config = try SourceConfig(json: ["url": "https://api.test/", "items": .string(items), "fields": fields], field: "input.custom")
        return try config.page(body: body.serialized(), statusCode: 200, headers: [:], request: PageRequest(index: 0, pageSize: 10, category: "all"),
                               url: "https://api.test/").items
    }

    func testTemplatesReadThePagesRootAsWellAsTheItem() throws {
        // The Art Institute of Chicago: the IIIF server is named once, in `config`.
        let artworks = try items(
            ["id": "id", "title": "title", "imageURL": "{$.config.iiif_url}/{image_id}/full/843,/0/default.jpg",
             "thumbnailURL": "{$.config.iiif_url}/{image_id}/full/200,/0/default.jpg"],
            ["config": ["iiif_url": "https://www.artic.test/iiif/2"],
             "data": [["id": 27992, "title": "A Sunday on La Grande Jatte", "image_id": "1adf2696-8489-499b-cad2-821d7fde4b33"], ["id": 1, "title": "No image", "image_id": .null]]])
        XCTAssertEqual(artworks.map(\.imageURL), ["https://www.artic.test/iiif/2/1adf2696-8489-499b-cad2-821d7fde4b33/full/843,/0/default.jpg", nil])
        XCTAssertEqual(artworks.first?.thumbnailURL, "https://www.artic.test/iiif/2/1adf2696-8489-499b-cad2-821d7fde4b33/full/200,/0/default.jpg")
    }

    func testAnItemItselfIsAt() throws {
        let ids = try items(["id": "@", "title": "Story {@}"], [8863, 8864], items: "")
        XCTAssertEqual(ids.map(\.id), ["8863", "8864"])
        XCTAssertEqual(ids.map(\.title), ["Story 8863", "Story 8864"])
    }

    func testTheAPIsOwnTemplateIsFilledAndKeptForTheSizeAskedFor() throws {
        // Twitch's streams: `thumbnail_url` holds `{width}x{height}`.
        let streams = try items(
            ["id": "id", "title": "title", "imageURL": ["path": "thumbnail_url", "fill": ["width": 640, "height": 360]],
             "thumbnailURL": ["path": "thumbnail_url", "fill": ["width": "320", "height": "180"]]],
            ["data": [["id": "4058", "title": "Live", "thumbnail_url": "https://static-cdn.test/previews-ttv/live_user_x-{width}x{height}.jpg"],
                      ["id": "4059", "title": "Plain", "thumbnail_url": "https://static-cdn.test/plain.jpg"]]])
        let stream = try XCTUnwrap(streams.first)
        XCTAssertEqual(stream.imageURL, "https://static-cdn.test/previews-ttv/live_user_x-640x360.jpg")
        XCTAssertEqual(stream.thumbnailURL, "https://static-cdn.test/previews-ttv/live_user_x-320x180.jpg")
        XCTAssertEqual(stream.imageURL(.full, maxWidth: 1280, maxHeight: 720), "https://static-cdn.test/previews-ttv/live_user_x-1280x720.jpg")
        XCTAssertEqual(stream.imageURL(.thumbnail, maxWidth: 160, maxHeight: nil), "https://static-cdn.test/previews-ttv/live_user_x-160x90.jpg",
                       "one side asked for: the other keeps the fills' ratio")
        XCTAssertEqual(stream.imageURL(.full, maxWidth: nil, maxHeight: nil), stream.imageURL)
        XCTAssertEqual(streams[1].imageURL, "https://static-cdn.test/plain.jpg", "a value without placeholders is taken as it is")
        XCTAssertNil(streams[1].imageURLTemplate)
        XCTAssertEqual(streams[1].imageURL(.full, maxWidth: 100, maxHeight: 100), "https://static-cdn.test/plain.jpg")
    }

    func testAPlaceholderWithoutAFillFailsThatAlternative() throws {
        let items = try self.items(
            ["id": "id", "imageURL": [["path": "template", "fill": ["width": 100]], "fallback"]],
            ["data": [["id": 1, "template": "https://cdn.test/{width}x{height}.png", "fallback": "https://cdn.test/full.png"]]])
        XCTAssertEqual(items.first?.imageURL, "https://cdn.test/full.png")
    }

    func testRelativeTemplatesResolveAgainstThePage() throws {
        let config = try SourceConfig(json: ["url": "https://api.test/v1/", "fields": ["id": "id", "imageURL": ["path": "img", "fill": ["w": 64]]]], field: "input.custom")
        let body: JSON = [["id": 1, "img": "/thumbs/{w}.png"]]
        let page = try config.page(body: body.serialized(), statusCode: 200, headers: [:],
                                   request: PageRequest(index: 0, pageSize: 1, category: "all"), url: "", pageURL: "https://api.test/v1/")
        XCTAssertEqual(page.items.first?.imageURL, "https://api.test/thumbs/64.png")
        XCTAssertEqual(page.items.first?.imageURLTemplate?.template.text, "https://api.test/thumbs/{w}.png")
    }

    func testExtraValuesPassThroughAsTheAPIWroteThem() throws {
        let photos = try items(
            ["id": "id", "extra": ["likes": "likes", "blurHash": "blur_hash", "description": ["description", "alt_description"], "tags": "tags", "user": "{user.name} (@{user.username})"]],
            ["data": [["id": "a", "likes": 12, "blur_hash": "LEHV6n", "alt_description": "a dog", "tags": ["dog", "park"], "user": ["name": "Ann", "username": "ann"]],
                      ["id": "b"]]])
        XCTAssertEqual(photos.first?.extra?["extra"], ["likes": 12, "blurHash": "LEHV6n", "description": "a dog", "tags": ["dog", "park"], "user": "Ann (@ann)"])
        XCTAssertNil(photos.last?.extra, "absent values are left out")
    }

    func testFieldEntriesAreChecked() {
        let cases: [(JSON, String)] = [
            (["id": "id", "imageURL": ["path": "a", "fill": ["w": 1.5]]], "input.custom.fields.imageURL.fill.w: must be a string or an integer"),
            (["id": "id", "imageURL": ["fill": ["w": 1]]], "input.custom.fields.imageURL.path: is required"),
            (["id": "id", "imageURL": ["path": "a", "size": 1]], "input.custom.fields.imageURL.size: is not a known field (known: fill, path)"),
            (["id": "id", "extra": ["likes": 3]], "input.custom.fields.extra.likes: must be a key path, a field template, {\"path\", \"fill\"} or an array of them"),
            (["id": "id", "title": []], "input.custom.fields.title: must be a key path or a non-empty array of key paths"),
        ]
        for (fields, message) in cases {
            XCTAssertThrowsError(try SourceConfig(json: ["url": "https://a.test/", "fields": fields], field: "input.custom")) { error in
                XCTAssertEqual((error as? FeedInputError)?.description, message)
            }
        }
    }
}
