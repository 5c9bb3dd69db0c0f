import Foundation
import XCTest
@testable import RPC

/// The framers on their own, fed chosen chunks: wherever a read ends (inside a header, between a
/// `\r` and its `\n`, inside a body), the same messages come out.
final class MessageReaderTests: XCTestCase {
    /// Collects what a framer hands over.
    private final class Recorder: MessageReaderDelegate {
        var events: [String] = []
        func messageReader(didDetect framing: Framing) {}
        func messageReader(didRead message: ArraySlice<UInt8>) { events.append(String(decoding: message, as: UTF8.self)) }
        func messageReader(didReject reason: String) { events.append("reject: \(reason)") }
        func messageReaderDidFinishChunk() {}
        func messageReaderMayRead() -> MessageReader.Permission { .read }
    }

    /// What `framer` makes of `chunks`, each read on its own (a pipe holding only that chunk).
    static func events(of chunks: [[UInt8]], with framer: some Framer, chunkSize: Int = 1 << 16) -> [String] {
        var framer = framer
        var descriptors: [Int32] = [0, 0]
        precondition(pipe(&descriptors) == 0)
        defer { close(descriptors[0]) }
        var recorder = Recorder()
        var buffer = ReadBuffer(chunkSize: chunkSize)
        for chunk in chunks where !chunk.isEmpty {
            precondition(chunk.count <= 1 << 16, "a chunk must fit the pipe")
            chunk.withUnsafeBytes { precondition(write(descriptors[1], $0.baseAddress!, chunk.count) == chunk.count) }
            var read = 0
            while read < chunk.count {
                guard case .read(let count) = buffer.fill(from: descriptors[0]) else { preconditionFailure("the chunk was written") }
                read += count
            }
            framer.consume(&buffer, delegate: &recorder)
        }
        close(descriptors[1])
        framer.endOfInput(&buffer, delegate: &recorder)
        return recorder.events
    }

    /// `stream` cut into chunks of `size` bytes.
    static func chunks(_ stream: [UInt8], of size: Int) -> [[UInt8]] {
        stride(from: 0, to: stream.count, by: size).map { Array(stream[$0..<min($0 + size, stream.count)]) }
    }

    private func framed(_ body: String, header: String? = nil) -> String {
        (header ?? "Content-Length: \(body.utf8.count)\r\n\r\n") + body
    }

    func testFramedMessagesSurviveEveryCut() {
        let bodies = [#"{"a":1}"#, "[\n2\n]", String(repeating: "x", count: 90), "", #"{"é":"ü"}"#]
        var stream = bodies.map { framed($0) }.joined()
        stream += framed("{}", header: "content-type: x\r\ncontent-length:  2 \r\n\r\n")
        stream += framed(String(repeating: "y", count: 150))  // over the cap of 100: skipped
        stream += framed("[3]", header: "Content-Length: 3\r\nbad line\r\n\r\n")
        stream += framed("[4]", header: "Content-Length: four\r\n\r\n")  // resynchronizes at the next header
        stream += framed("[5]")
        let expected = bodies + ["{}", "reject: message exceeds 100 bytes", "reject: bad header: 'bad line' is not 'Name: value'",
                                 "reject: bad header: Content-Length 'four' is not a number", "[5]"]
        let bytes = Array(stream.utf8)
        for size in [1, 2, 3, 7, 16, 64, bytes.count] {
            XCTAssertEqual(Self.events(of: Self.chunks(bytes, of: size), with: ContentLengthFramer(maxMessageBytes: 100)), expected,
                           "chunks of \(size)")
        }
    }

    func testAHeaderCutAnywhereIsReadWhole() {
        let message = Array(framed(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#).utf8)
        for cut in 1..<message.count {
            XCTAssertEqual(Self.events(of: [Array(message[..<cut]), Array(message[cut...])], with: ContentLengthFramer(maxMessageBytes: 100)),
                           [#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#], "cut after \(cut) bytes")
        }
    }

    func testLinesSurviveEveryCut() {
        let bytes = Array(("\n\n{\"a\":1}\r\n  \n[2]\n" + String(repeating: "z", count: 150) + "\n[3]").utf8)
        for size in [1, 2, 3, 7, 16, bytes.count] {
            XCTAssertEqual(Self.events(of: Self.chunks(bytes, of: size), with: NewlineFramer(maxMessageBytes: 100)),
                           [#"{"a":1}"#, "[2]", "reject: message exceeds 100 bytes", "[3]"], "chunks of \(size)")
        }
    }

    func testALineAtTheCapWhoseCRLFIsSplitBetweenTwoReadsIsServed() {
        // The `\r` alone at the end of a read is not yet known to end the line: it does not count
        // against the cap until more bytes follow it.
        let line = String(repeating: "x", count: 100)
        XCTAssertEqual(Self.events(of: [Array((line + "\r").utf8), [0x0A]], with: NewlineFramer(maxMessageBytes: 100)), [line])
        XCTAssertEqual(Self.events(of: [Array((line + "\r").utf8), Array("y\n".utf8)], with: NewlineFramer(maxMessageBytes: 100)),
                       ["reject: message exceeds 100 bytes"])
    }

    func testAShortBodyAndUnfinishedHeadersAreReportedAtTheEnd() {
        let framer = ContentLengthFramer(maxMessageBytes: 100)
        XCTAssertEqual(Self.events(of: [Array(framed("[1]").utf8), Array("Content-Length: 9\r\n\r\n[1".utf8)], with: framer),
                       ["[1]", "reject: end of input after 2 of the 9 bytes of a message"])
        XCTAssertEqual(Self.events(of: [Array("Content-Length: 9\r\n".utf8)], with: framer), ["reject: end of input inside the headers of a message"])
    }

    func testTheWholeReaderDetectsTheFramingFromTheFirstBytes() {
        for (stream, framing) in [("\r\n Content-Length: 2\r\n\r\n[]", Framing.contentLength), ("  [1]\n", .newline)] {
            var descriptors: [Int32] = [0, 0]
            precondition(pipe(&descriptors) == 0)
            let bytes = Array(stream.utf8)
            bytes.withUnsafeBytes { _ = write(descriptors[1], $0.baseAddress!, bytes.count) }
            close(descriptors[1])
            final class Detector: MessageReaderDelegate {
                var framing: Framing?
                var messages: [String] = []
                func messageReader(didDetect framing: Framing) { self.framing = framing }
                func messageReader(didRead message: ArraySlice<UInt8>) { messages.append(String(decoding: message, as: UTF8.self)) }
                func messageReader(didReject reason: String) {}
                func messageReaderDidFinishChunk() {}
                func messageReaderMayRead() -> MessageReader.Permission { .read }
            }
            var detector = Detector()
            XCTAssertEqual(MessageReader(fileDescriptor: descriptors[0], maxMessageBytes: 100, framing: nil).run(delegate: &detector), .endOfInput)
            close(descriptors[0])
            XCTAssertEqual(detector.framing, framing)
            XCTAssertEqual(detector.messages, [framing == .newline ? "[1]" : "[]"])
        }
    }
}
