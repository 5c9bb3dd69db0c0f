extension ObservableType {
    /// Runs side effects for events and for the subscription's life, passing events through
    /// unchanged. `onNext`, `onError` and `onCompleted` run before the event is forwarded (an
    /// error thrown by them is forwarded instead); `onDispose` runs when the subscription ends,
    /// whether by disposal or after a terminal event.
    public func `do`(
        onNext: (@Sendable (Element) throws -> Void)? = nil,
        onError: (@Sendable (any Error) throws -> Void)? = nil,
        onCompleted: (@Sendable () throws -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil,
        onSubscribed: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil
    ) -> Observable<Element> {
        Observable { observer in
            onSubscribe?()
            let subscription = self.subscribe(DoSink(onNext: onNext, onError: onError, onCompleted: onCompleted, observer: observer))
            onSubscribed?()
            return Disposables.create {
                subscription.dispose()
                onDispose?()
            }
        }
    }
}

private struct DoSink<Element: Sendable>: ObserverType {
    let onNext: (@Sendable (Element) throws -> Void)?
    let onError: (@Sendable (any Error) throws -> Void)?
    let onCompleted: (@Sendable () throws -> Void)?
    let observer: AnyObserver<Element>

    func on(_ event: Event<Element>) {
        do {
            switch event {
            case .next(let element): try onNext?(element)
            case .error(let error): try onError?(error)
            case .completed: try onCompleted?()
            }
            observer.on(event)
        } catch {
            observer.onError(error)
        }
    }
}
