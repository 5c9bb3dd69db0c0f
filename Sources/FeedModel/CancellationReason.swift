/// Why a view model ended a caller's load before it finished: what a service answers the
/// caller with (protocol/README.md, section 10: the `data.reason` of -32800).
public enum CancellationReason: String, Sendable, Equatable {
    /// A reload replaced the page load in flight, or a new list (a reload's or an input
    /// switch's) replaced the list an image load was for.
    case superseded
    /// The input changed (`updateInput`) while the page load was in flight.
    case inputChanged
    /// The view model was disposed.
    case disposed
    /// The view no longer waits for the image (`cancelImage`, `didEndDisplaying`).
    case imageCancelled
    /// The transfer was stopped underneath the view model, as when the process shuts down.
    case shutdown
}
