@testable import FeedService
import XCTest

/// The session registry's table answers exactly as a dictionary would, through growth and
/// through removals inside runs of ids that share a slot.
final class IDTableTests: XCTestCase {
    func testItAgreesWithADictionaryThroughAnyMixOfSetsAndRemovals() {
        var table = IDTable<Int>()
        var model: [String: Int] = [:]
        var generator = SystemRandomNumberGenerator()
        for step in 0..<20_000 {
            let id = "s\(Int.random(in: 0..<300, using: &generator))"
            if Bool.random(using: &generator) {
                table.set(step, for: id)
                model[id] = step
            } else {
                XCTAssertEqual(table.removeValue(for: id), model.removeValue(forKey: id), id)
            }
            XCTAssertEqual(table.count, model.count)
        }
        for number in 0..<300 { XCTAssertEqual(table["s\(number)"], model["s\(number)"]) }
    }

    func testARemovedIdIsGoneAndTheOthersStay() {
        var table = IDTable<String>()
        for number in 1...100 { table.set("v\(number)", for: "s\(number)") }
        for number in stride(from: 1, through: 100, by: 3) { XCTAssertEqual(table.removeValue(for: "s\(number)"), "v\(number)") }
        for number in 1...100 {
            XCTAssertEqual(table["s\(number)"], number % 3 == 1 ? nil : "v\(number)")
        }
        XCTAssertNil(table.removeValue(for: "s1"))
        XCTAssertEqual(table.count, 66)
    }
}
