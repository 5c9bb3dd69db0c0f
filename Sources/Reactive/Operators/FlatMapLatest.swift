extension ObservableType {
    /// Maps each element to a sequence and forwards only the latest one: a new element disposes
    /// the subscription to the previous inner sequence (a reload supersedes the request in flight).
    public func flatMapLatest<Source: ObservableType>(_ selector: @escaping @Sendable (Element) throws -> Source) -> Observable<Source.Element> {
        map(selector).switchLatest()
    }
}
