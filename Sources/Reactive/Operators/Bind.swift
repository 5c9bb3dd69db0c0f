extension ObservableType {
    /// Sends every event to each of `observers` (RxCocoa's `bind(to:)` for observers and subjects).
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element {
        subscribe { event in
            for observer in observers { observer.on(event) }
        }
    }

    /// Makes every element the current value of `relays`. Relays cannot end, so completion is
    /// ignored; an error is a programming mistake (bind a sequence that cannot fail, e.g. after
    /// `catchAndReturn`): it stops debug builds and is ignored in release builds, as in RxRelay.
    public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
        bindToRelays { element in relays.forEach { $0.accept(element) } }
    }

    /// Sends every element to `relays`; completion is ignored and an error is a programming
    /// mistake, as for `bind(to:)` with behavior relays.
    public func bind(to relays: PublishRelay<Element>...) -> Disposable {
        bindToRelays { element in relays.forEach { $0.accept(element) } }
    }

    private func bindToRelays(_ accept: @escaping @Sendable (Element) -> Void) -> Disposable {
        subscribe { event in
            switch event {
            case .next(let element):
                accept(element)
            case .error(let error):
                assertionFailure("Binding an error to a relay: \(error)")
            case .completed:
                break
            }
        }
    }
}
