extension Observable {
    /// A sequence that calls `factory` for each subscription and subscribes to what it returns,
    /// so side effects (building a request, reading state) happen at subscription time. An error
    /// thrown by `factory` is emitted as the sequence's error.
    public static func deferred(_ factory: @escaping @Sendable () throws -> Observable<Element>) -> Observable<Element> {
        Observable { observer in
            do {
                return try factory().subscribe(observer)
            } catch {
                observer.onError(error)
                return Disposables.create()
            }
        }
    }
}
