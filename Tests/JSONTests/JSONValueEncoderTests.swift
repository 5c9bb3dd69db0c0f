import XCTest
@testable import JSON

final class JSONValueEncoderTests: XCTestCase {
    private struct Item: Codable, Equatable {
        var id: Int
        var imageURL: String
        var thumbnailURL: String?
        var publishedAt: String
        var size: [Int]
        var tags: [String: Bool]
    }

    private let item = Item(id: 7, imageURL: "https://i/7.png", thumbnailURL: nil, publishedAt: "2026-12-02", size: [640, 480], tags: ["hd": true])

    func testMembersComeOutInDeclarationOrder() throws {
        let json = try JSONValueEncoder().encode(item)
        XCTAssertEqual(json.jsonString, #"{"id":7,"imageURL":"https://i/7.png","publishedAt":"2026-12-02","size":[640,480],"tags":{"hd":true}}"#)
    }

    func testSnakeCaseKeysRoundTripThroughTheDecoder() throws {
        struct Info: Codable, Equatable { let timeDate: String; let timeRemain: Int }
        let info = Info(timeDate: "2027-03-01", timeRemain: 89)
        let json = try JSONValueEncoder(keyEncodingStrategy: .convertToSnakeCase).encode(info)
        XCTAssertEqual(json, ["time_date": "2027-03-01", "time_remain": 89])
        XCTAssertEqual(try JSONValueDecoder(keyDecodingStrategy: .convertFromSnakeCase).decode(Info.self, from: json), info)
    }

    func testAcronymsDoNotSurviveASnakeCaseRoundTripAsInFoundation() throws {
        let json = try JSONValueEncoder(keyEncodingStrategy: .convertToSnakeCase).encode(item)
        XCTAssertEqual(json.objectValue?.orderedKeys, ["id", "image_url", "published_at", "size", "tags"])
        XCTAssertThrowsError(try JSONValueDecoder(keyDecodingStrategy: .convertFromSnakeCase).decode(Item.self, from: json)) { error in
            XCTAssertEqual(describe(error), #"No value for key "imageURL" at imageURL"#, "image_url reads back as imageUrl")
        }
    }

    func testValuesRoundTripThroughTheDecoder() throws {
        let json = try JSONValueEncoder().encode([item, item])
        XCTAssertEqual(try JSONValueDecoder().decode([Item].self, from: json), [item, item])
    }

    func testScalarsAndOptionalsEncodeDirectly() throws {
        XCTAssertEqual(try JSONValueEncoder().encode(3), .int(3))
        XCTAssertEqual(try JSONValueEncoder().encode(UInt64.max), .double(0x1p64))
        XCTAssertEqual(try JSONValueEncoder().encode(Optional<Int>.none), .null)
        XCTAssertEqual(try JSONValueEncoder().encode([1.5, nil] as [Double?]), [1.5, nil])
        XCTAssertEqual(try JSONValueEncoder().encode(true), .bool(true))
    }

    func testNonFiniteNumbersAreRejectedWithTheirPath() {
        struct Box: Encodable { let values: [Double] }
        XCTAssertThrowsError(try JSONValueEncoder().encode(Box(values: [1, .infinity]))) { error in
            XCTAssertEqual(describe(error), "inf at values[1] cannot be written as JSON")
        }
    }

    func testKeyConversionsFollowFoundationsRules() {
        XCTAssertEqual(JSONKeyStrategy.camelCase(fromSnakeCase: "time_date"), "timeDate")
        XCTAssertEqual(JSONKeyStrategy.camelCase(fromSnakeCase: "_private_key_"), "_privateKey_")
        XCTAssertEqual(JSONKeyStrategy.camelCase(fromSnakeCase: "plain"), "plain")
        XCTAssertEqual(JSONKeyStrategy.camelCase(fromSnakeCase: "__"), "__")
        XCTAssertEqual(JSONKeyStrategy.camelCase(fromSnakeCase: "_Foo"), "_Foo", "one word is kept as is")
        XCTAssertEqual(JSONKeyStrategy.camelCase(fromSnakeCase: "Time_DATE"), "timeDate")
        XCTAssertEqual(JSONKeyStrategy.camelCase(fromSnakeCase: "a__b"), "aB")
        XCTAssertEqual(JSONKeyStrategy.camelCase(fromSnakeCase: "été_année"), "étéAnnée")
        XCTAssertEqual(JSONKeyStrategy.snakeCase(fromCamelCase: "timeDate"), "time_date")
        XCTAssertEqual(JSONKeyStrategy.snakeCase(fromCamelCase: "imageURL"), "image_url")
        XCTAssertEqual(JSONKeyStrategy.snakeCase(fromCamelCase: "URLString"), "url_string")
        XCTAssertEqual(JSONKeyStrategy.snakeCase(fromCamelCase: "page2Size"), "page2_size")
    }
}
