extension ImageOptions {
    /// The processor that makes what these options ask for.
    public var processor: any ImageProcessing {
        OriginalImageProcessor()
    }
}
