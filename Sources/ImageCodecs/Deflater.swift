import CImageCodecs

/// Makes zlib streams (RFC 1950): compressed by zlib when `libz.so.1` loads, stored (valid,
/// uncompressed deflate) when it does not, so PNG output never depends on the library.
public struct Deflater: Sendable, Hashable {
    /// The zlib build to load.
    public var library: CodecLibrary
    /// zlib's level, 0 (store) to 9 (smallest); 6 is zlib's default trade.
    public var level: Int

    /// A deflater loading `library` at `level`.
    public init(library: CodecLibrary = .zlib, level: Int = 6) {
        self.library = library
        self.level = min(9, max(0, level))
    }

    /// Whether the zlib library loads (when it does not, `zlib(_:)` stores).
    public var compresses: Bool { (try? CodecLibraryLoader.load(library)) != nil }

    /// `bytes` as a zlib stream.
    public func zlib(_ bytes: [UInt8]) -> [UInt8] {
        guard let api = try? CodecLibraryLoader.load(library).table else { return ZlibStream.stored(bytes) }
        var capacity = cic_zlib_bound(api, bytes.count)
        var failed = false
        let output = [UInt8](unsafeUninitializedCapacity: capacity) { output, initialized in
            let status = bytes.withUnsafeBufferPointer { input in
                cic_zlib_compress(api, input.baseAddress, input.count, output.baseAddress, &capacity, Int32(level))
            }
            failed = status != CIC_OK
            initialized = failed ? 0 : capacity
        }
        return failed ? ZlibStream.stored(bytes) : output
    }
}
