extension ObservableType {
    /// Emits an element only once `dueTime` seconds have passed without a newer one (typing
    /// settles); on completion the pending element is emitted first. Timers run on `scheduler`.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: some SchedulerType) -> Observable<Element> {
        Observable { observer in
            let sink = DebounceSink(dueTime: dueTime, scheduler: scheduler, observer: observer)
            let subscription = self.subscribe(sink)
            return Disposables.create(subscription, sink.timer)
        }
    }
}

private final class DebounceSink<Scheduler: SchedulerType, Element: Sendable>: ObserverType {
    private struct State {
        var id = 0
        var pending: Element?
    }

    private let dueTime: RxTimeInterval
    private let scheduler: Scheduler
    private let forwarder: SerialForwarder<AnyObserver<Element>>
    private let state = Locked(State())
    let timer = SerialDisposable()

    init(dueTime: RxTimeInterval, scheduler: Scheduler, observer: AnyObserver<Element>) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        self.forwarder = SerialForwarder(observer)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            let id = state.withLock { state -> Int in
                state.id += 1
                state.pending = element
                return state.id
            }
            timer.disposable = scheduler.scheduleRelative(dueTime) { self.fire(id) }
        case .error:
            state.withLock { state in
                state.pending = nil
                forwarder.enqueue(event)
            }
            timer.dispose()
            forwarder.drain()
        case .completed:
            state.withLock { state in
                if let pending = state.pending { forwarder.enqueue(.next(pending)) }
                state.pending = nil
                forwarder.enqueue(.completed)
            }
            timer.dispose()
            forwarder.drain()
        }
    }

    private func fire(_ id: Int) {
        state.withLock { state in
            guard state.id == id, let pending = state.pending else { return }
            state.pending = nil
            forwarder.enqueue(.next(pending))
        }
        forwarder.drain()
    }
}
