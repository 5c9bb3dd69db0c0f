import Locking

/// How long a shared subscription and its replay buffer live (RxSwift's `SubjectLifetimeScope`;
/// only `.whileConnected`, the default and the one `Driver` uses, is provided).
public enum SubjectLifetimeScope: Sendable {
    /// The source subscription lives while at least one observer is subscribed; when the last one
    /// leaves, or the source terminates, it ends together with its replay buffer, and the next
    /// observer starts a fresh subscription.
    case whileConnected
}

extension ObservableType {
    /// One subscription to this sequence shared by all observers, each new observer first
    /// receiving the latest `replay` elements (`share(replay: 1)` is how a `Driver` shares).
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        let hub = ShareHub(source: self, replay: replay)
        return Observable { observer in hub.subscribe(observer) }
    }
}

/// Connects observers to the current connection, creating it for the first one.
private final class ShareHub<Source: ObservableType>: Sendable {
    typealias Element = Source.Element

    private struct State {
        var connection: ShareConnection<Element>?
        /// Observers of `connection`.
        var observers = 0
    }

    private let source: Source
    private let replay: Int
    private let state = Locked(State())

    init(source: Source, replay: Int) {
        self.source = source
        self.replay = replay
    }

    func subscribe(_ observer: AnyObserver<Element>) -> Disposable {
        let (connection, isNew) = state.withLock { state -> (ShareConnection<Element>, Bool) in
            state.observers += 1
            if let connection = state.connection { return (connection, false) }
            let connection = ShareConnection<Element>(replay: replay)
            state.connection = connection
            return (connection, true)
        }
        let subscription = connection.subject.subscribe(observer)
        if isNew {
            connection.source.disposable = source.subscribe(AnyObserver { event in
                // As in RxSwift, a terminal event ends the connection and its source subscription
                // before the observers hear it; the next observer starts a fresh one.
                if event.isStopEvent { self.disconnect(connection) }
                connection.subject.on(event)
            })
        }
        return Disposables.create {
            subscription.dispose()
            self.release(connection)
        }
    }

    /// One observer of `connection` left; the last one ends it. A connection that already ended
    /// (its source terminated) has nothing left to release.
    private func release(_ connection: ShareConnection<Element>) {
        let isLast = state.withLock { state -> Bool in
            guard state.connection === connection else { return false }
            state.observers -= 1
            guard state.observers == 0 else { return false }
            state.connection = nil
            return true
        }
        if isLast { connection.source.dispose() }
    }

    private func disconnect(_ connection: ShareConnection<Element>) {
        state.withLock { state in
            guard state.connection === connection else { return }
            state.connection = nil
            state.observers = 0
        }
        connection.source.dispose()
    }
}

/// One shared subscription to the source and the subject that fans it out.
private final class ShareConnection<Element: Sendable>: Sendable {
    let subject: SubjectCore<Element>
    let source = SerialDisposable()

    init(replay: Int) {
        subject = SubjectCore(bufferSize: replay, replaysAfterStop: true)
    }
}
