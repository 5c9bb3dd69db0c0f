import Foundation

/// A self-pipe: the one async-signal-safe road from a signal handler to ordinary code. The
/// handler writes the signal's number as one byte; a dispatch source on the read end turns it
/// into a call on a queue.
enum SignalPipe {
    /// Created on first use, which `RPCServer.stopOnSignals` makes happen before it installs the
    /// handler, so the handler never runs the lazy initialiser.
    static let ends: (read: Int32, write: Int32) = {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { fatalError("feedvm: no pipe for signals: errno \(errno)") }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        return (descriptors[0], descriptors[1])
    }()

    /// The signal handler: one `write(2)`, which is async-signal-safe, and `errno` as it was.
    /// A full pipe drops the byte, which loses nothing: unread bytes already mean "stop".
    static let handler: @convention(c) (Int32) -> Void = { signalNumber in
        let savedErrno = errno
        var byte = UInt8(truncatingIfNeeded: signalNumber)
        _ = write(ends.write, &byte, 1)
        errno = savedErrno
    }

    /// The signal numbers written since the last call, oldest first.
    static func drain() -> [Int32] {
        var received: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(ends.read, &buffer, buffer.count)
            guard count > 0 else { return received }
            received += buffer[..<count].map { Int32($0) }
        }
    }
}
