import JSON

/// What the client said it can handle in `initialize` (protocol/README.md, section 4).
struct ClientCapabilities: Sendable, Equatable {
    /// `sections.incremental`: `sections` notifications may carry changes instead of snapshots.
    var incrementalSections = false
    /// `images.inline`: images carry their bytes in base64 `data`.
    var inlineImages = false

    /// Capabilities read from `initialize` params; unknown members are ignored.
    init(initializeParams params: JSON?) {
        let capabilities = params?["capabilities"]
        incrementalSections = capabilities?[keyPath: "sections.incremental"]?.boolValue ?? false
        inlineImages = capabilities?[keyPath: "images.inline"]?.boolValue ?? false
    }

    /// What the server supports, as `initialize` answers it.
    static let server: JSON = [
        "sections": ["incremental": true],
        "images": ["inline": true, "formats": ["original", "png", "jpeg"]],
        "sources": ["stub", "gank", "unsplash", "envelope", "custom"],
    ]
}
