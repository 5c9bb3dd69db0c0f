#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Locking

/// A self-pipe: the one async-signal-safe road from a signal handler to ordinary code. The
/// handler writes the signal's number as one byte; a thread of its own waits on the read end
/// and stops every server that asked for signals.
enum SignalPipe {
    /// A server a signal stops, held weakly: a server that is gone needs no stopping. (The
    /// server, not its dispatcher: an object once weakly referenced has its every retain and
    /// release take the runtime's slow path, and every request retains the dispatcher.)
    private struct Listener: Sendable {
        weak var server: RPCServer?
    }

    private struct Listeners: Sendable {
        var all: [Listener] = []
        var isWaiting = false
    }

    /// Created on first use, which `listen(_:)` makes happen before a handler is installed, so
    /// the handler never runs the lazy initialiser.
    static let ends: (read: Int32, write: Int32) = {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { fatalError("feedvm: no pipe for signals: errno \(errno)") }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        return (descriptors[0], descriptors[1])
    }()

    private static let listeners = Locked(Listeners())

    /// The signal handler: one `write(2)`, which is async-signal-safe, and `errno` as it was.
    /// A full pipe drops the byte, which loses nothing: unread bytes already mean "stop".
    static let handler: @convention(c) (Int32) -> Void = { signalNumber in
        let savedErrno = errno
        var byte = UInt8(truncatingIfNeeded: signalNumber)
        _ = write(ends.write, &byte, 1)
        errno = savedErrno
    }

    /// Makes every later signal written to the pipe stop `server`; the waiting thread is
    /// running when this returns, and a signal that comes before it reads waits in the pipe.
    static func listen(_ server: RPCServer) {
        _ = ends
        let startsWaiting = listeners.withLock { listeners -> Bool in
            listeners.all.removeAll { $0.server == nil }
            listeners.all.append(Listener(server: server))
            defer { listeners.isWaiting = true }
            return !listeners.isWaiting
        }
        guard startsWaiting else { return }
        let thread = Thread {
            while true {
                ReadBuffer.waitUntilReadable(ends.read)
                for signalNumber in drain() {
                    for listener in listeners.withLock({ $0.all }) {
                        listener.server?.dispatcher.finish(grace: 0, reason: "signal \(signalNumber)")
                    }
                }
            }
        }
        thread.name = "rpc-signals"
        thread.start()
    }

    /// The signal numbers written since the last call, oldest first.
    private static func drain() -> [Int32] {
        var received: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(ends.read, &buffer, buffer.count)
            guard count > 0 else { return received }
            received += buffer[..<count].map { Int32($0) }
        }
    }
}
