import Dispatch
import Foundation

extension RPCServer {
    /// Makes each of `signals` (e.g. SIGTERM) stop the server in order: running requests are
    /// cancelled and answered, output is flushed, and `run` returns 0.
    public func stopOnSignals(_ signals: [Int32]) {
        for signalNumber in signals {
            signal(signalNumber, SIG_IGN)  // the dispatch source takes over delivery
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [weak self] in self?.stop(reason: "signal \(signalNumber)") }
            source.resume()
            state.withLock { signalSources.append(source) }
        }
    }
}
