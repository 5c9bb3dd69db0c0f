import FeedModel
import Locking
import Network
import Reactive

/// Work done once per key however many callers want it: the first caller starts it, later ones
/// join, each can leave on its own, and the work is cancelled when the last one leaves. The
/// work's priority is the highest of its callers' (raised as they join; never lowered).
final class SharedWork<Value: Sendable>: Sendable {
    typealias Callback = @Sendable (Result<Value, FeedError>) -> Void

    /// What a started piece of work is given.
    struct Context: Sendable {
        /// Its priority, raised as callers join or raise theirs.
        let priority: RequestPriority
        /// Ends the work: every caller still waiting gets `result`, once.
        let finish: Callback
        fileprivate let raises: Locked<[@Sendable (RequestPriority.Level) -> Void]>

        /// Has every later raise of this work's priority call `body` too (to raise the work
        /// this work waits for).
        func onRaise(_ body: @escaping @Sendable (RequestPriority.Level) -> Void) {
            raises.withLock { $0.append(body) }
        }
    }

    /// One caller's hold on a piece of work.
    struct Handle: Cancelable {
        fileprivate let leave: SerialDisposable
        fileprivate let raiseBody: @Sendable (RequestPriority.Level) -> Void

        var isDisposed: Bool { leave.isDisposed }

        /// Withdraws this caller: its callback is not called; the work stops if it was the last.
        func dispose() { leave.dispose() }

        /// Raises the work's priority to at least `level`.
        func raise(to level: RequestPriority.Level) { raiseBody(level) }
    }

    private struct Entry {
        let id: Int
        var callers: [Int: Callback]
        let context: Context
        let work: SerialDisposable
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var nextId = 0
    }

    private enum Joined {
        case existing(caller: Int, entryId: Int, context: Context)
        case started(caller: Int, entryId: Int, context: Context, work: SerialDisposable)
        case ready(Value)
    }

    private let state = Locked(State())

    /// The number of pieces of work running.
    var count: Int { state.withLock { $0.entries.count } }

    /// Whether work for `key` is running.
    func isRunning(_ key: String) -> Bool { state.withLock { $0.entries[key] != nil } }

    /// Joins the work of `key` at `level`, or starts it with `start` when none runs (unless
    /// `shortcut`, asked under the lock when none runs, has the value already: then
    /// `completion` gets it at once). `completion` is called once, unless the handle is
    /// disposed first.
    func join(
        _ key: String, level: RequestPriority.Level, completion: @escaping Callback,
        shortcut: () -> Value? = { nil }, start: (Context) -> any Disposable
    ) -> Handle {
        let joined = state.withLock { state -> Joined in
            let caller = state.nextId
            state.nextId += 1
            if var entry = state.entries[key] {
                entry.callers[caller] = completion
                state.entries[key] = entry
                return .existing(caller: caller, entryId: entry.id, context: entry.context)
            }
            if let value = shortcut() { return .ready(value) }
            let id = caller
            let context = Context(
                priority: RequestPriority(level),
                finish: { [weak self] result in self?.finish(key, id: id, with: result) },
                raises: Locked([]))
            let work = SerialDisposable()
            state.entries[key] = Entry(id: id, callers: [caller: completion], context: context, work: work)
            return .started(caller: caller, entryId: id, context: context, work: work)
        }
        switch joined {
        case .ready(let value):
            completion(.success(value))
            return Handle(leave: SerialDisposable(), raiseBody: { _ in })
        case .existing(let caller, let entryId, let context):
            Self.raise(context, to: level)
            return handle(key, caller: caller, entryId: entryId, context: context)
        case .started(let caller, let entryId, let context, let work):
            work.disposable = start(context)
            return handle(key, caller: caller, entryId: entryId, context: context)
        }
    }

    private func handle(_ key: String, caller: Int, entryId: Int, context: Context) -> Handle {
        let leave = SerialDisposable()
        leave.disposable = Disposables.create { [weak self] in self?.leave(key, caller: caller, entryId: entryId) }
        return Handle(leave: leave, raiseBody: { level in Self.raise(context, to: level) })
    }

    private static func raise(_ context: Context, to level: RequestPriority.Level) {
        guard context.priority.level < level else { return }
        context.priority.raise(to: level)
        for body in context.raises.current { body(level) }
    }

    private func leave(_ key: String, caller: Int, entryId: Int) {
        let orphaned = state.withLock { state -> SerialDisposable? in
            guard var entry = state.entries[key], entry.id == entryId else { return nil }
            entry.callers[caller] = nil
            if entry.callers.isEmpty {
                state.entries[key] = nil
                return entry.work
            }
            state.entries[key] = entry
            return nil
        }
        orphaned?.dispose()  // the last caller left: stop the work
    }

    private func finish(_ key: String, id: Int, with result: Result<Value, FeedError>) {
        let callers = state.withLock { state -> [Callback] in
            guard let entry = state.entries[key], entry.id == id else { return [] }
            state.entries[key] = nil
            return Array(entry.callers.values)
        }
        for callback in callers { callback(result) }
    }
}
