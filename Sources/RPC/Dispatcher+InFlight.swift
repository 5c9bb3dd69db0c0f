extension Dispatcher {
    /// The requests in flight, in the order they began: a list threaded through the contexts
    /// themselves, so a request joins and leaves it without an allocation or a hash. Finding a
    /// request by its id (`$/cancelRequest`) walks the list, a rare act; it finds every request
    /// a client gave the same id, oldest first.
    ///
    /// The list holds one reference to each request on it, taken by `append` and given back by
    /// `remove`; the links between requests hold none. Used only under the dispatcher's lock.
    struct InFlightList: Sendable {
        private var first: Unmanaged<RequestContext>?
        private var last: Unmanaged<RequestContext>?
        private(set) var count = 0

        /// `true` when no request is in flight.
        var isEmpty: Bool { count == 0 }

        /// Adds `context` as the newest request.
        mutating func append(_ context: RequestContext) {
            let member = Unmanaged.passRetained(context)
            if let last {
                last.takeUnretainedValue().inFlightNext.store(member, ordering: .relaxed)
                context.inFlightPrevious.store(last, ordering: .relaxed)
            } else {
                first = member
            }
            last = member
            count += 1
        }

        /// Takes `context` off the list; nothing happens when it is not on it. The caller holds
        /// its own reference to `context`, so the list's is given back without freeing it here.
        mutating func remove(_ context: RequestContext) {
            let previous = context.inFlightPrevious.load(ordering: .relaxed)
            guard previous != nil || first?.toOpaque() == Unmanaged.passUnretained(context).toOpaque() else { return }
            let next = context.inFlightNext.load(ordering: .relaxed)
            context.inFlightPrevious.store(nil, ordering: .relaxed)
            context.inFlightNext.store(nil, ordering: .relaxed)
            if let previous {
                previous.takeUnretainedValue().inFlightNext.store(next, ordering: .relaxed)
            } else {
                first = next
            }
            if let next {
                next.takeUnretainedValue().inFlightPrevious.store(previous, ordering: .relaxed)
            } else {
                last = previous
            }
            count -= 1
            Unmanaged.passUnretained(context).release()
        }

        /// The requests that satisfy `isIncluded`, oldest first.
        func contexts(where isIncluded: (RequestContext) -> Bool) -> [RequestContext] {
            var found: [RequestContext] = []
            var next = first
            while let member = next {
                let context = member.takeUnretainedValue()
                if isIncluded(context) { found.append(context) }
                next = context.inFlightNext.load(ordering: .relaxed)
            }
            return found
        }
    }
}
