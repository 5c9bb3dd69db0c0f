extension ObservableType {
    /// Maps each element to a sequence and merges the elements of all of them as they arrive.
    public func flatMap<Source: ObservableType>(_ selector: @escaping @Sendable (Element) throws -> Source) -> Observable<Source.Element> {
        map(selector).merge()
    }
}
