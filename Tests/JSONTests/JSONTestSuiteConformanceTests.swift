import Foundation
import XCTest
@testable import JSON

/// Runs the parser over every file of JSONTestSuite's `test_parsing` folder (Nicolas Seriot's
/// suite): `y_` files must parse, `n_` files must be rejected, `i_` files may go either way but
/// must not crash. The parser's choice for each `i_` file is pinned below so a change is visible.
/// The files are vendored in `Tests/Fixtures/JSONTestSuite` (MIT, provenance in its README).
final class JSONTestSuiteConformanceTests: XCTestCase {
    private func suiteFiles() throws -> [(name: String, bytes: [UInt8])] {
        let folder = VendoredFixtures.directory().appendingPathComponent("JSONTestSuite/test_parsing")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertGreaterThan(names.count, 300, "the suite looks incomplete")
        return try names.filter { $0.hasSuffix(".json") }.map { name in
            (name, Array(try Data(contentsOf: folder.appendingPathComponent(name))))
        }
    }

    func testEveryYFileIsAccepted() throws {
        var rejected: [String] = []
        for file in try suiteFiles() where file.name.hasPrefix("y_") {
            do { _ = try JSON.parse(file.bytes) } catch { rejected.append("\(file.name): \(error)") }
        }
        XCTAssertEqual(rejected, [])
    }

    func testEveryNFileIsRejected() throws {
        var accepted: [String] = []
        for file in try suiteFiles() where file.name.hasPrefix("n_") {
            if (try? JSON.parse(file.bytes)) != nil { accepted.append(file.name) }
        }
        XCTAssertEqual(accepted, [])
    }

    /// Implementation-defined cases, decided as follows:
    /// - numbers too large for `Int64` become the nearest `Double`; a number whose magnitude
    ///   overflows `Double` is rejected (JSON cannot carry infinity); underflow reads as zero;
    /// - invalid UTF-8 inside strings is rejected;
    /// - an unpaired surrogate escape (`\uD800` alone) reads as U+FFFD, as browsers do;
    /// - a byte-order mark is rejected (RFC 8259: a parser MAY ignore it; JSON-RPC lines never carry one);
    /// - UTF-16 text is rejected;
    /// - 500 nested arrays are within the default depth limit of 512.
    func testImplementationDefinedFilesFollowTheDocumentedChoices() throws {
        let expectedAccepted: Set<String> = [
            "i_number_double_huge_neg_exp.json",
            "i_number_real_underflow.json",
            "i_number_too_big_neg_int.json",
            "i_number_too_big_pos_int.json",
            "i_number_very_big_negative_int.json",
            "i_object_key_lone_2nd_surrogate.json",
            "i_string_1st_surrogate_but_2nd_missing.json",
            "i_string_1st_valid_surrogate_2nd_invalid.json",
            "i_string_incomplete_surrogate_and_escape_valid.json",
            "i_string_incomplete_surrogate_pair.json",
            "i_string_incomplete_surrogates_escape_valid.json",
            "i_string_invalid_lonely_surrogate.json",
            "i_string_invalid_surrogate.json",
            "i_string_inverted_surrogates_U+1D11E.json",
            "i_string_lone_second_surrogate.json",
            "i_structure_500_nested_arrays.json",
        ]
        var accepted: Set<String> = []
        var all: Set<String> = []
        for file in try suiteFiles() where file.name.hasPrefix("i_") {
            all.insert(file.name)
            if (try? JSON.parse(file.bytes)) != nil { accepted.insert(file.name) }
        }
        XCTAssertEqual(accepted.sorted(), expectedAccepted.sorted())
        XCTAssertTrue(expectedAccepted.isSubset(of: all))
    }

    func testAcceptedFilesSurviveASerializeAndParseRoundTrip() throws {
        for file in try suiteFiles() where !file.name.hasPrefix("n_") {
            guard let value = try? JSON.parse(file.bytes) else { continue }
            let text = value.serialized()
            XCTAssertFalse(text.contains(0x0A), file.name)
            XCTAssertEqual(try JSON.parse(text), value, file.name)
        }
    }
}
