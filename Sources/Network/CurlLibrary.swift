import CCurl

/// libcurl, loaded with `dlopen` when the first HTTP request needs it (see `CCurl.h`).
///
/// FeedVM links no HTTP library: start-up and offline (stub) use never pay for libcurl and the
/// ~30 libraries it pulls in, and a static build needs no curl development package.
enum CurlLibrary {
    /// Loads libcurl once; a failure says what to install.
    static func load() -> Result<Void, NetworkError> {
        guard ccurl_load() != 0 else { return .success(()) }
        let reason = ccurl_load_error().map { String(cString: $0) } ?? "libcurl could not be loaded"
        return .failure(.transportUnavailable(reason: reason, request: nil))
    }
}
