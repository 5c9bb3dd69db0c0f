extension FeedEnvironment {
    /// The wall clock in milliseconds since 1970, as stores keep times.
    var wallClockMilliseconds: Int64 { Int64((wallClock() * 1000).rounded()) }
}
