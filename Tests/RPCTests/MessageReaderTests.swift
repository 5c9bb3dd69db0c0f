import Foundation
import XCTest
@testable import RPC

/// The framers on their own: whatever sizes the reads come in, the same messages come out.
final class MessageReaderTests: XCTestCase {
    /// Collects what the reader hands over.
    private final class Recorder: MessageReaderDelegate {
        var framing: Framing?
        var events: [String] = []
        func messageReader(didDetect framing: Framing) { self.framing = framing }
        func messageReader(didRead message: UnsafeRawBufferPointer) { events.append(String(decoding: message, as: UTF8.self)) }
        func messageReader(didReject reason: String) { events.append("reject: \(reason)") }
        func messageReaderDidFinishChunk() {}
        var messageReaderShouldStop: Bool { false }
    }

    private func read(_ bytes: [UInt8], chunkSize: Int, maxMessageBytes: Int = 100) -> Recorder {
        var descriptors: [Int32] = [0, 0]
        precondition(pipe(&descriptors) == 0)
        let writeEnd = descriptors[1]
        let writer = Thread {
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = write(writeEnd, raw.baseAddress! + offset, min(raw.count - offset, 5))  // many small writes
                    if written > 0 { offset += written }
                }
            }
            close(writeEnd)
        }
        writer.start()
        let recorder = Recorder()
        var reader = MessageReader(fileDescriptor: descriptors[0], maxMessageBytes: maxMessageBytes, framing: nil)
        reader.chunkSize = chunkSize
        reader.run(delegate: recorder)
        close(descriptors[0])
        return recorder
    }

    private func framed(_ body: String, header: String? = nil) -> String {
        (header ?? "Content-Length: \(body.utf8.count)\r\n\r\n") + body
    }

    func testFramedMessagesSurviveEveryReadSize() {
        let bodies = [#"{"a":1}"#, "[\n2\n]", String(repeating: "x", count: 90), "", #"{"é":"ü"}"#]
        var stream = bodies.map { framed($0) }.joined()
        stream += framed("{}", header: "content-type: x\r\ncontent-length:  2 \r\n\r\n")
        stream += framed(String(repeating: "y", count: 150))  // over the cap of 100: skipped
        stream += framed("[3]", header: "Content-Length: 3\r\nbad line\r\n\r\n")
        stream += framed("[4]", header: "Content-Length: four\r\n\r\n")  // resynchronizes at the next header
        stream += framed("[5]")
        let expected = bodies + ["{}", "reject: message exceeds 100 bytes", "reject: bad header: 'bad line' is not 'Name: value'",
                                 "reject: bad header: Content-Length 'four' is not a number", "[5]"]
        for chunkSize in [2, 3, 7, 16, 64, 1 << 16] {
            let recorder = read(Array(stream.utf8), chunkSize: chunkSize)
            XCTAssertEqual(recorder.framing, .contentLength)
            XCTAssertEqual(recorder.events, expected, "chunk size \(chunkSize)")
        }
    }

    func testLinesSurviveEveryReadSize() {
        let stream = "\n\n{\"a\":1}\r\n  \n[2]\n" + String(repeating: "z", count: 150) + "\n[3]"
        for chunkSize in [2, 3, 7, 16, 1 << 16] {
            let recorder = read(Array(stream.utf8), chunkSize: chunkSize)
            XCTAssertEqual(recorder.framing, .newline)
            XCTAssertEqual(recorder.events, [#"{"a":1}"#, "[2]", "reject: message exceeds 100 bytes", "[3]"], "chunk size \(chunkSize)")
        }
    }

    func testAShortBodyAndUnfinishedHeadersAreReportedAtTheEnd() {
        XCTAssertEqual(read(Array(framed("[1]").utf8) + Array("Content-Length: 9\r\n\r\n[1".utf8), chunkSize: 4).events,
                       ["[1]", "reject: end of input after 2 of the 9 bytes of a message"])
        XCTAssertEqual(read(Array("Content-Length: 9\r\n".utf8), chunkSize: 4).events, ["reject: end of input inside the headers of a message"])
    }
}
