import CCurl
import Foundation
import Locking
import Reactive

/// One libcurl multi handle and the thread that drives it.
///
/// Other threads only put work in the inbox (transfers to add or cancel) and wake the thread
/// with `curl_multi_wakeup`, the one multi call that is safe from any thread; the thread owns
/// the multi handle, the easy handles and the transfers in flight. It sleeps in
/// `curl_multi_poll`, which returns when a socket is ready, one of curl's timers (a deadline,
/// a connect retry) is due, or it is woken, so an idle or stalled transfer costs no CPU.
/// Connection limits are kept by `ConnectionSlots`: only as many transfers as may connect are
/// ever in the multi handle.
final class CurlEventLoop: @unchecked Sendable {
    // Safety: `multi` is only used by the loop thread, except `ccurl_multi_wakeup`, which curl
    // documents as callable from any thread; `inbox` is a `Locked`; `running`, `slots` and
    // `idleHandles` are only touched by the loop thread (in `run` and what it calls).

    private struct Inbox {
        var added: [CurlTransfer] = []
        var cancelled: [CurlTransfer] = []
        var closing = false
    }

    /// Reset easy handles kept for reuse (each keeps its buffers and DNS cache warm).
    private static let maxIdleHandles = 16

    private let multi: OpaquePointer
    private let inbox = Locked(Inbox())
    private var running: [OpaquePointer: CurlTransfer] = [:]
    private var slots: ConnectionSlots
    private var idleHandles: [OpaquePointer] = []

    /// Starts the thread; libcurl must be loaded (`CurlLibrary.load()`).
    init(limits: CurlTransport.Limits) {
        multi = ccurl_multi_init()
        slots = ConnectionSlots(perHost: limits.maxHostConnections, total: limits.maxTotalConnections)
        // Idle connections kept for reuse.
        _ = ccurl_multi_setopt_long(multi, CCURLMOPT_MAXCONNECTS, limits.maxTotalConnections)
        Thread.detachNewThread { [self] in
            Thread.current.threadDictionary[CurlEventLoop.threadKey] = true
            run()
        }
    }

    private static let threadKey = "feedvm.curl-event-loop"

    /// `true` on the thread of an event loop (where no completion may run).
    static var isCurrentThread: Bool { Thread.current.threadDictionary[threadKey] != nil }

    /// Queues `transfer` for sending.
    func add(_ transfer: CurlTransfer) {
        inbox.withLock { $0.added.append(transfer) }
        ccurl_multi_wakeup(multi)
    }

    /// Ends `transfer` with `.cancelled` now and has the thread drop it (closing its connection).
    func cancel(_ transfer: CurlTransfer) {
        guard !transfer.isFinished else { return }
        transfer.finish(.failure(.cancelled(transfer.request)))
        inbox.withLock { $0.cancelled.append(transfer) }
        ccurl_multi_wakeup(multi)
    }

    /// Lets the thread end once nothing is in flight (the transport is gone).
    func closeWhenIdle() {
        inbox.withLock { $0.closing = true }
        ccurl_multi_wakeup(multi)
    }

    private func run() {
        var stillRunning: Int32 = 0
        while true {
            let work = inbox.withLock { inbox -> Inbox in
                defer { inbox.added = []; inbox.cancelled = [] }
                return inbox
            }
            work.cancelled.forEach(remove)
            work.added.forEach { slots.enqueue($0) }
            slots.admit().forEach(start)
            if work.closing && running.isEmpty { break }
            _ = ccurl_multi_perform(multi, &stillRunning)
            collectFinished()
            for late in slots.expired() { late.finish(.failure(.timedOut(late.request))) }
            // Asleep until a socket, a timer of curl's or a waiting request's deadline; at most a
            // minute with nothing to do.
            _ = ccurl_multi_poll(multi, Int32(min(60_000, slots.millisecondsToNextDeadline ?? 60_000)))
        }
        idleHandles.forEach { ccurl_easy_cleanup($0) }
        ccurl_multi_cleanup(multi)
    }

    /// Hands an admitted transfer to curl; one that cannot start gives its slot back.
    private func start(_ transfer: CurlTransfer) {
        guard let remaining = transfer.remainingMilliseconds() else {
            slots.release(transfer)
            transfer.finish(.failure(.timedOut(transfer.request)))  // its deadline passed while it waited
            return
        }
        let easy = idleHandles.popLast() ?? ccurl_easy_init()
        guard let easy, transfer.configure(easy, timeoutMilliseconds: remaining), ccurl_multi_add_handle(multi, easy) == 0 else {
            slots.release(transfer)
            transfer.finish(.failure(.requestMapping(transfer.request.url.absoluteString)))
            if let easy { recycle(easy) }
            return
        }
        transfer.easy = easy
        running[easy] = transfer
    }

    /// Drops a cancelled transfer that is still in flight.
    private func remove(_ transfer: CurlTransfer) {
        guard let easy = transfer.easy, running.removeValue(forKey: easy) != nil else { return }
        transfer.easy = nil
        slots.release(transfer)
        ccurl_multi_remove_handle(multi, easy)
        recycle(easy)
    }

    private func collectFinished() {
        var easy: OpaquePointer?
        var code = CCURLE_OK
        while ccurl_multi_next_done(multi, &easy, &code) == 1 {
            guard let finished = easy, let transfer = running.removeValue(forKey: finished) else { continue }
            transfer.easy = nil
            slots.release(transfer)
            let outcome = transfer.outcome(code, on: finished)
            ccurl_multi_remove_handle(multi, finished)
            recycle(finished)
            transfer.finish(outcome)
        }
        slots.admit().forEach(start)
    }

    private func recycle(_ easy: OpaquePointer) {
        guard idleHandles.count < CurlEventLoop.maxIdleHandles else {
            ccurl_easy_cleanup(easy)
            return
        }
        ccurl_easy_reset(easy)
        idleHandles.append(easy)
    }
}
