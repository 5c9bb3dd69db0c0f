/// Whether a provider answers a target from its sample response instead of the network.
public enum StubBehavior: Sendable, Equatable {
    /// Send the request for real.
    case never
    /// Answer with the sample response at once (on the stub scheduler when one is given).
    case immediate
    /// Answer with the sample response after `seconds` on the stub scheduler.
    case delayed(seconds: Double)
}
