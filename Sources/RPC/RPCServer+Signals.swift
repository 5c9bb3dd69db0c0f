#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension RPCServer {
    /// Makes each of `signals` (e.g. SIGTERM) stop the server in order: running requests are
    /// cancelled and answered, output is flushed, and `run` returns 0.
    ///
    /// The handlers are in place when this returns, and a signal that arrives before the
    /// thread waiting for it reads the pipe stays in the pipe.
    public func stopOnSignals(_ signals: [Int32]) {
        SignalPipe.listen(self)
        for signalNumber in signals { signal(signalNumber, SignalPipe.handler) }
    }
}
