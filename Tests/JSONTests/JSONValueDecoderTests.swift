import XCTest
@testable import JSON

/// Seed 004's `ExampleInfo`, declared as a `Decodable` instead of an ObjectMapper `Mappable`.
private struct ExampleInfo: Codable, Equatable {
    var cost: Int
    var rule: String
    var timeDate: String
    var timeRemain: Int
    var timeYear: String
}

/// Seed 004's envelope: `{"code", "msg", "data"}` with `msg` mapped to `message`.
private struct ResponseNormalModel<T: Codable & Equatable>: Codable, Equatable {
    var code: Int
    var message: String
    var data: T?

    enum CodingKeys: String, CodingKey {
        case code
        case message = "msg"
        case data
    }
}

/// Seed 002's Unsplash models, as written in the article (snake_case property included).
private struct PhotoListModel: Codable, Equatable {
    let id: String?
    let updated_at: String?
    let urls: PhotoListItemModel?
}

private struct PhotoListItemModel: Codable, Equatable {
    var id: String?
    let small: String?
    let raw: String?
    let regular: String?
}

final class JSONValueDecoderTests: XCTestCase {
    private let envelope = #"""
        {"code":0,"msg":"ok","data":{"cost":12000,"rule":"every 2 years","time_date":"2027-03-01","time_remain":89,"time_year":"2"}}
        """#

    func testSnakeCaseKeysMapToCamelCaseProperties() throws {
        let decoder = JSONValueDecoder(keyDecodingStrategy: .convertFromSnakeCase)
        let response = try decoder.decode(ResponseNormalModel<ExampleInfo>.self, from: try JSON.parse(envelope))
        XCTAssertEqual(response.code, 0)
        XCTAssertEqual(response.message, "ok")
        XCTAssertEqual(response.data, ExampleInfo(cost: 12000, rule: "every 2 years", timeDate: "2027-03-01", timeRemain: 89, timeYear: "2"))
    }

    func testAModelCanBeDecodedAtAKeyPath() throws {
        let decoder = JSONValueDecoder(keyDecodingStrategy: .convertFromSnakeCase)
        let info = try decoder.decode(ExampleInfo.self, from: try JSON.parse(envelope), atKeyPath: "data")
        XCTAssertEqual(info.timeRemain, 89)
        XCTAssertThrowsError(try decoder.decode(ExampleInfo.self, from: try JSON.parse(envelope), atKeyPath: "data.list")) { error in
            XCTAssertEqual(describe(error), "Expected ExampleInfo at data.list but nothing is there")
        }
    }

    func testAnUnsplashPageDecodesWithNestedURLs() throws {
        let page = try JSON.parse(#"""
            [{"id":"Dwu85P9SOIk","updated_at":"2016-07-10T11:00:01-05:00","width":2448,
              "urls":{"raw":"https://images.unsplash.com/photo-1","regular":"https://images.unsplash.com/photo-1?w=1080","small":"https://images.unsplash.com/photo-1?w=400"}},
             {"id":"x2","updated_at":null,"urls":null}]
            """#)
        let photos = try JSONValueDecoder().decode([PhotoListModel].self, from: page)
        XCTAssertEqual(photos.count, 2)
        XCTAssertEqual(photos[0].urls?.regular, "https://images.unsplash.com/photo-1?w=1080")
        XCTAssertNil(photos[0].urls?.id)
        XCTAssertEqual(photos[0].updated_at, "2016-07-10T11:00:01-05:00")
        XCTAssertNil(photos[1].urls)
    }

    func testStrictDecodingNamesThePathAndWhatWasFound() throws {
        let page = try JSON.parse(#"[{"id":"a","urls":{"regular":"r"}},{"id":"b","urls":{"regular":7}}]"#)
        XCTAssertThrowsError(try JSONValueDecoder().decode([PhotoListModel].self, from: page)) { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["1", "urls", "regular"])
            XCTAssertEqual(context.debugDescription, "Expected a string at [1].urls.regular but found a number")
        }
    }

    func testAMissingKeyIsReportedWithItsPath() throws {
        let json = try JSON.parse(#"{"code":1,"msg":"x","data":{"cost":1,"rule":"r","time_date":"d","time_year":"y"}}"#)
        let decoder = JSONValueDecoder(keyDecodingStrategy: .convertFromSnakeCase)
        XCTAssertThrowsError(try decoder.decode(ResponseNormalModel<ExampleInfo>.self, from: json)) { error in
            XCTAssertEqual(describe(error), #"No value for key "timeRemain" at data.timeRemain"#)
        }
    }

    func testNullForARequiredValueIsValueNotFound() throws {
        XCTAssertThrowsError(try JSONValueDecoder().decode([Int].self, from: [1, nil])) { error in
            guard case DecodingError.valueNotFound = error else { return XCTFail("\(error)") }
            XCTAssertEqual(describe(error), "Expected Int at [1] but found null")
        }
    }

    func testLenientDecodingAcceptsWhatObjectMapperWould() throws {
        let json = try JSON.parse(#"{"code":"0","msg":404,"data":{"cost":"12000","rule":true,"time_date":"d","time_remain":89.0,"time_year":2}}"#)
        XCTAssertThrowsError(try JSONValueDecoder(keyDecodingStrategy: .convertFromSnakeCase).decode(ResponseNormalModel<ExampleInfo>.self, from: json))
        let lenient = JSONValueDecoder(keyDecodingStrategy: .convertFromSnakeCase, isLenient: true)
        let response = try lenient.decode(ResponseNormalModel<ExampleInfo>.self, from: json)
        XCTAssertEqual(response.code, 0)
        XCTAssertEqual(response.message, "404")
        XCTAssertEqual(response.data, ExampleInfo(cost: 12000, rule: "true", timeDate: "d", timeRemain: 89, timeYear: "2"))
    }

    func testLenientBooleansAndStrictBooleans() throws {
        struct Flags: Decodable { let a: Bool; let b: Bool; let c: Bool }
        let json: JSON = ["a": 1, "b": "no", "c": "TRUE"]
        let flags = try JSONValueDecoder(isLenient: true).decode(Flags.self, from: json)
        XCTAssertEqual([flags.a, flags.b, flags.c], [true, false, true])
        XCTAssertThrowsError(try JSONValueDecoder().decode(Flags.self, from: json))
        XCTAssertThrowsError(try JSONValueDecoder().decode(Int.self, from: true), "a boolean is never an integer")
    }

    func testIntegersAreRangeCheckedAndDoublesAcceptIntegers() throws {
        XCTAssertEqual(try JSONValueDecoder().decode(Double.self, from: 3), 3.0)
        XCTAssertEqual(try JSONValueDecoder().decode(UInt8.self, from: 255), 255)
        XCTAssertThrowsError(try JSONValueDecoder().decode(UInt8.self, from: 256)) { error in
            XCTAssertEqual(describe(error), "256 at <root> does not fit UInt8")
        }
        XCTAssertThrowsError(try JSONValueDecoder().decode(Int.self, from: 1.5))
    }

    func testAJSONFieldIsKeptAsIs() throws {
        struct Request: Codable, Equatable { let method: String; let params: JSON? }
        let json: JSON = ["method": "transform", "params": ["input": ["source": "stub", "pageSize": 30]]]
        let request = try JSONValueDecoder().decode(Request.self, from: json)
        XCTAssertEqual(request.params?[keyPath: "input.pageSize"], 30)
        XCTAssertEqual(try JSONValueEncoder().encode(request), json)
    }
}

/// The `debugDescription` of a `DecodingError` or `EncodingError`.
func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
        DecodingError.keyNotFound(_, let context), DecodingError.dataCorrupted(let context):
        return context.debugDescription
    case EncodingError.invalidValue(_, let context):
        return context.debugDescription
    default:
        return "\(error)"
    }
}
