/// Which transfers may be in curl at once: at most `perHost` to one host (scheme, name, port)
/// and `total` in all; the others wait here in arrival order and start as slots free up.
///
/// The event loop keeps this queue itself rather than letting curl hold the excess as "pending"
/// handles: curl 7.x wakes pending handles unreliably, and a queue of our own lets a transfer
/// that waited too long fail at once without being sent.
struct ConnectionSlots {
    private let perHost: Int
    private let total: Int
    private var active: [String: Int] = [:]
    private var activeCount = 0
    private var waiting: [CurlTransfer] = []

    init(perHost: Int, total: Int) {
        self.perHost = max(1, perHost)
        self.total = max(1, total)
    }

    /// Queues `transfer` behind those already waiting.
    mutating func enqueue(_ transfer: CurlTransfer) { waiting.append(transfer) }

    /// Takes the waiting transfers that may start now, in order, each holding its slot until
    /// `release`; transfers ended meanwhile (cancelled) are dropped.
    mutating func admit() -> [CurlTransfer] {
        guard !waiting.isEmpty, activeCount < total else { return [] }
        var admitted: [CurlTransfer] = []
        var kept: [CurlTransfer] = []
        for transfer in waiting {
            if transfer.isFinished { continue }
            let host = transfer.hostKey
            if activeCount < total, active[host, default: 0] < perHost {
                active[host, default: 0] += 1
                activeCount += 1
                admitted.append(transfer)
            } else {
                kept.append(transfer)
            }
        }
        waiting = kept
        return admitted
    }

    /// Takes the waiting transfers whose deadline passed (to be answered `.timedOut` unsent).
    mutating func expired() -> [CurlTransfer] {
        let (late, onTime) = waiting.reduce(into: ([CurlTransfer](), [CurlTransfer]())) { split, transfer in
            if transfer.remainingMilliseconds() == nil { split.0.append(transfer) } else { split.1.append(transfer) }
        }
        waiting = onTime
        return late
    }

    /// Milliseconds until the first deadline among the waiting transfers, if any waits.
    var millisecondsToNextDeadline: Int? {
        waiting.lazy.compactMap { $0.remainingMilliseconds() }.min()
    }

    /// Frees the slot `transfer` held.
    mutating func release(_ transfer: CurlTransfer) {
        let host = transfer.hostKey
        guard let count = active[host], count > 0 else { return }
        active[host] = count == 1 ? nil : count - 1
        activeCount -= 1
    }
}
