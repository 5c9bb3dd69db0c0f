import Reactive
import ReactiveTesting
import XCTest

/// RxTest's assertion for single events, which (being `Result`s with `any Error` failures)
/// compare with ReactiveTesting's `==` rather than through `Equatable`.
func XCTAssertEqual<Element: Equatable>(_ lhs: [SingleEvent<Element>], _ rhs: [SingleEvent<Element>], file: StaticString = #filePath, line: UInt = #line) {
    let equal = lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 == $1 }
    XCTAssertTrue(equal, "\(lhs) is not equal to \(rhs)", file: file, line: line)
}
