import Foundation
import Logging

/// The byte streams of a server: the reader thread that frames its input (`MessageReader`)
/// and the writer thread that writes its output (`OutputWriter`), framed the same way.
final class Connection: Sendable {
    /// The descriptor read from (not closed here).
    let input: Int32
    /// The one writer of the output.
    let writer: OutputWriter
    private let configuration: RPCServer.Configuration

    /// A connection reading `input` and writing `output`.
    init(input: Int32, output: Int32, configuration: RPCServer.Configuration) {
        self.input = input
        self.configuration = configuration
        writer = OutputWriter(fileDescriptor: output, framing: configuration.framing ?? .newline,
                              backlogLimit: configuration.outputBacklogLimit, logger: configuration.logger)
    }

    /// Starts the writer, then reads on a thread of its own with `read`, which runs the reader
    /// (`MessageReader.run(delegate:)`) with a delegate it makes on that thread; `ended` runs
    /// there when reading ends.
    func start(
        _ read: @escaping @Sendable (MessageReader) -> MessageReader.Ending,
        ended: @escaping @Sendable (MessageReader.Ending) -> Void
    ) {
        writer.start()
        let reader = MessageReader(fileDescriptor: input, maxMessageBytes: configuration.maxMessageBytes, framing: configuration.framing)
        let logger = configuration.logger
        let thread = Thread {
            let ending = read(reader)
            if case .failed(let code) = ending {
                logger.log(.warning, "reading stdin failed: \(String(cString: strerror(code))); treated as the end of input")
            }
            ended(ending)
        }
        thread.name = "rpc-reader"
        thread.stackSize = 16 << 20  // deep but legal JSON recurses in the parser
        thread.start()
    }
}
