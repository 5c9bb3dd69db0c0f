/// Which transfers may be in curl at once: at most `perHost` to one host (scheme, name, port)
/// and `total` in all; the others wait here and start as slots free up, the highest
/// `RequestPriority` first and, within a level, in arrival order. Levels are read at each
/// admission, so a priority raised while its transfer waits takes effect at the next free slot.
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

    /// Takes the waiting transfers that may start now, highest priority first, each holding its
    /// slot until `release`; transfers ended meanwhile (cancelled) are dropped.
    mutating func admit() -> [CurlTransfer] {
        guard !waiting.isEmpty, activeCount < total else { return [] }
        waiting.removeAll { $0.isFinished }
        var admitted: [CurlTransfer] = []
        var taken = Set<Int>()
        // Levels are read once per admission: a raise during the loop waits for the next one.
        let levels = waiting.map { $0.request.priority?.level ?? .normal }
        for level in RequestPriority.Level.allCases.reversed() where activeCount < total {
            for index in waiting.indices where levels[index] == level && activeCount < total {
                let host = waiting[index].hostKey
                guard active[host, default: 0] < perHost else { continue }
                active[host, default: 0] += 1
                activeCount += 1
                admitted.append(waiting[index])
                taken.insert(index)
            }
        }
        if !taken.isEmpty { waiting = waiting.indices.filter { !taken.contains($0) }.map { waiting[$0] } }
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
