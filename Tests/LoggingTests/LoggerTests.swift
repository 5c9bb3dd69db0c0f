import Foundation
import XCTest
import Logging

/// Levelled logging to a descriptor (stderr in feedvm), one whole line per message.
final class LoggerTests: XCTestCase {
    func testWritesOnlyMessagesAtOrBelowItsLevelAsWholeLines() {
        var descriptors: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&descriptors), 0)
        defer { close(descriptors[0]) }
        let logger = Logger(level: .info, label: "t", fileDescriptor: descriptors[1])
        logger.log(.error, "boom")
        logger.log(.debug, "hidden")
        logger.log(.info, "shown")
        close(descriptors[1])
        let text = String(decoding: FileHandle(fileDescriptor: descriptors[0]).readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(text, "t [error] boom\nt [info] shown\n")
    }

    func testLevelsAreNamedAsOnTheCommandLine() {
        XCTAssertEqual(Logger.Level(name: "DEBUG"), .debug)
        XCTAssertEqual(Logger.Level(name: "off"), .off)
        XCTAssertNil(Logger.Level(name: "chatty"))
        XCTAssertFalse(Logger(level: .off).isEnabled(.error))
        XCTAssertFalse(Logger(level: .trace).isEnabled(.off), "off is not a level to log at")
    }
}
