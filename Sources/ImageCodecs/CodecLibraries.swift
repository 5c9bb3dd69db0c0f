/// The four libraries the codecs load, each replaceable: `.system` opens the usual sonames.
public struct CodecLibraries: Sendable, Hashable {
    /// JPEG decoding and encoding.
    public var jpeg: CodecLibrary
    /// PNG decoding.
    public var png: CodecLibrary
    /// WebP decoding.
    public var webp: CodecLibrary
    /// Deflate for PNG encoding.
    public var zlib: CodecLibrary

    /// The given libraries.
    public init(jpeg: CodecLibrary = .jpeg, png: CodecLibrary = .png, webp: CodecLibrary = .webp, zlib: CodecLibrary = .zlib) {
        self.jpeg = jpeg
        self.png = png
        self.webp = webp
        self.zlib = zlib
    }

    /// The sonames every Debian and Ubuntu system uses.
    public static let system = CodecLibraries()

    /// The environment variables `overriding(environment:)` reads, by library.
    public static let environmentVariables: [CodecLibrary.Kind: String] = [
        .jpeg: "FEEDVM_SONAME_LIBJPEG", .png: "FEEDVM_SONAME_LIBPNG", .webp: "FEEDVM_SONAME_LIBWEBP", .zlib: "FEEDVM_SONAME_ZLIB",
    ]

    /// These libraries with each soname an environment variable names instead (e.g.
    /// `FEEDVM_SONAME_LIBJPEG=libjpeg.so.8`); a name that does not exist makes that codec
    /// unavailable, which is how an end-to-end test sees the missing-library error.
    public func overriding(environment: [String: String]) -> CodecLibraries {
        func pick(_ library: CodecLibrary) -> CodecLibrary {
            guard let variable = Self.environmentVariables[library.kind], let soname = environment[variable], !soname.isEmpty else { return library }
            return library.opened(as: soname)
        }
        return CodecLibraries(jpeg: pick(jpeg), png: pick(png), webp: pick(webp), zlib: pick(zlib))
    }
}
