import Foundation

/// The repository's `Tests/Fixtures` folder (third-party test data, vendored with its licences),
/// found from this source file so the tests need nothing outside the clone.
enum VendoredFixtures {
    static func directory(filePath: StaticString = #filePath) -> URL {
        URL(fileURLWithPath: "\(filePath)")
            .deletingLastPathComponent()  // JSONTests
            .deletingLastPathComponent()  // Tests
            .appendingPathComponent("Fixtures")
    }
}
