import Locking

/// The effects a view model runs on its scheduler: one pass at a time, in order.
struct EffectPass {
    /// Whether a pass is running on the scheduler.
    var isRunning = false
    /// Effects that arrived during the pass, run at its end in arrival order.
    var pending: [@Sendable () -> Void] = []
}

/// Work a view model runs outside its state lock, as `perform(_:)` takes it.
protocol EffectWork: Sendable {
    /// Does the work.
    func run()
}

/// One effect, as a list reader returns it: a closure in a struct, so that an optional of it
/// is stored as it is, not wrapped in a thunk as an optional closure is.
struct Effect: EffectWork {
    let body: @Sendable () -> Void

    /// The effect that runs `body`.
    init(run body: @escaping @Sendable () -> Void) { self.body = body }

    func run() { body() }
}

extension FeedViewModel {
    /// Runs `effects` in order on the scheduler: the outputs and completions that a command
    /// decided under the state lock. Effects that arrive while a pass runs (the outcome of a
    /// step of the pass, or a source that answered during its subscription) join the end of
    /// that pass instead of hopping onto the scheduler again.
    func perform(_ effects: [@Sendable () -> Void]) {
        let starts = pass.withLock { pass in
            guard !pass.isRunning else {
                pass.pending += effects
                return false
            }
            pass.isRunning = true
            return true
        }
        guard starts else { return }
        effects.forEach { $0() }
        finishPass()
    }

    /// Runs `work` as `perform(_:)` runs a list of one; it becomes a closure only when it must
    /// wait for the pass running.
    func perform<Work: EffectWork>(_ work: Work) {
        let starts = pass.withLock { pass in
            guard !pass.isRunning else {
                pass.pending.append { work.run() }
                return false
            }
            pass.isRunning = true
            return true
        }
        guard starts else { return }
        work.run()
        finishPass()
    }

    /// Runs what arrived during the pass, round after round, and ends the pass when nothing is
    /// left.
    private func finishPass() {
        var batch = takePending()
        while !batch.isEmpty {
            batch.forEach { $0() }
            batch = takePending()
        }
    }

    /// The effects that arrived during the pass; ends the pass when there are none.
    private func takePending() -> [@Sendable () -> Void] {
        pass.withLock { pass in
            defer { pass.pending = [] }
            if pass.pending.isEmpty { pass.isRunning = false }
            return pass.pending
        }
    }

    /// `effects` as one effect that runs them in order; `nil` when there are none.
    static func sequence(_ effects: [@Sendable () -> Void]) -> Effect? {
        switch effects.count {
        case 0: return nil
        case 1: return Effect(run: effects[0])
        default: return Effect { effects.forEach { $0() } }
        }
    }

    /// Runs `effect` (called on any thread) on the scheduler: at the end of the pass running
    /// there, or in a pass of its own.
    func performSoon(_ effect: @escaping @Sendable () -> Void) {
        let joined = pass.withLock { pass in
            guard pass.isRunning else { return false }
            pass.pending.append(effect)
            return true
        }
        if !joined { environment.scheduler.schedule { [weak self] in self?.perform([effect]) } }
    }
}
