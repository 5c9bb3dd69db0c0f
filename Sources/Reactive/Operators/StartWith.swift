extension ObservableType {
    /// `elements` first, then the elements of this sequence.
    public func startWith(_ elements: Element...) -> Observable<Element> {
        Observable { observer in
            for element in elements { observer.onNext(element) }
            return self.subscribe(observer)
        }
    }
}
