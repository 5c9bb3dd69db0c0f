import Dispatch
import Foundation

extension RPCServer {
    /// Makes each of `signals` (e.g. SIGTERM) stop the server in order: running requests are
    /// cancelled and answered, output is flushed, and `run` returns 0.
    ///
    /// The handlers are in place when this returns. A dispatch signal source would not be: it
    /// arms itself after `resume` returns, and a signal ignored until then was lost (about one
    /// SIGTERM in 200 sent right after the first answer). The pipe keeps a signal that comes
    /// before its read source is armed.
    public func stopOnSignals(_ signals: [Int32]) {
        let readEnd = SignalPipe.ends.read
        let source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: .global())
        source.setEventHandler { [weak self] in
            for signalNumber in SignalPipe.drain() { self?.stop(reason: "signal \(signalNumber)") }
        }
        source.resume()
        state.withLock { signalSources.append(source) }
        for signalNumber in signals { signal(signalNumber, SignalPipe.handler) }
    }
}
