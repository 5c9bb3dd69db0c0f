import Foundation

/// Locates `shared/testdata` by walking up from this source file, so the tests run the same in
/// the main checkout, in a helper worktree and in CI's clone that has `shared/` beside it.
enum SharedTestData {
    static func directory(filePath: StaticString = #filePath) -> URL? {
        var directory = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("shared/testdata")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }
}
