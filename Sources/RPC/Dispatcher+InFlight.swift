extension Dispatcher {
    /// The requests in flight, in the order they began: a list threaded through the contexts
    /// themselves, so a request joins and leaves it without an allocation or a hash. Finding a
    /// request by its id (`$/cancelRequest`) walks the list, a rare act; it finds every request
    /// a client gave the same id, oldest first.
    struct InFlightList: Sendable {
        private var first: RequestContext?
        private unowned(unsafe) var last: RequestContext?
        private(set) var count = 0

        /// `true` when no request is in flight.
        var isEmpty: Bool { count == 0 }

        /// Adds `context` as the newest request.
        mutating func append(_ context: RequestContext) {
            if let last {
                last.inFlightLinks.next = context
                context.inFlightLinks.previous = last
            } else {
                first = context
            }
            last = context
            count += 1
        }

        /// Takes `context` off the list; nothing happens when it is not on it.
        mutating func remove(_ context: RequestContext) {
            let links = context.inFlightLinks
            guard links.previous != nil || first === context else { return }
            context.inFlightLinks = RequestContext.InFlightLinks()
            if let previous = links.previous { previous.inFlightLinks.next = links.next } else { first = links.next }
            if let next = links.next { next.inFlightLinks.previous = links.previous } else { last = links.previous }
            count -= 1
        }

        /// The requests that satisfy `isIncluded`, oldest first.
        func contexts(where isIncluded: (RequestContext) -> Bool) -> [RequestContext] {
            var found: [RequestContext] = []
            var next = first
            while let context = next {
                if isIncluded(context) { found.append(context) }
                next = context.inFlightLinks.next
            }
            return found
        }
    }
}
