import CImageCodecs

/// A system library a codec loads with `dlopen` at first use: its name, the soname opened and
/// the Debian package that installs it.
public struct CodecLibrary: Sendable, Hashable, CustomStringConvertible {
    /// Which of the shim's function tables the library fills.
    public enum Kind: Sendable, Hashable {
        /// libjpeg-turbo, ABI 62: JPEG decoding (with DCT scaling) and encoding.
        case jpeg
        /// libpng 1.6: PNG decoding.
        case png
        /// libwebp: still WebP decoding.
        case webp
        /// zlib: deflate, for PNG encoding.
        case zlib
    }

    /// What the library does for the codecs.
    public var kind: Kind
    /// The short name errors use, e.g. `libjpeg`.
    public var name: String
    /// The file `dlopen` looks for, e.g. `libjpeg.so.62`.
    public var soname: String
    /// The Debian and Ubuntu package that installs it, e.g. `libjpeg62-turbo`.
    public var debianPackage: String

    /// A library of `kind` opened as `soname`.
    public init(kind: Kind, name: String, soname: String, debianPackage: String) {
        self.kind = kind
        self.name = name
        self.soname = soname
        self.debianPackage = debianPackage
    }

    /// libjpeg-turbo (`libjpeg.so.62`).
    public static let jpeg = CodecLibrary(kind: .jpeg, name: "libjpeg", soname: "libjpeg.so.62", debianPackage: "libjpeg62-turbo")
    /// libpng (`libpng16.so.16`).
    public static let png = CodecLibrary(kind: .png, name: "libpng", soname: "libpng16.so.16", debianPackage: "libpng16-16")
    /// libwebp (`libwebp.so.7`).
    public static let webp = CodecLibrary(kind: .webp, name: "libwebp", soname: "libwebp.so.7", debianPackage: "libwebp7")
    /// zlib (`libz.so.1`).
    public static let zlib = CodecLibrary(kind: .zlib, name: "zlib", soname: "libz.so.1", debianPackage: "zlib1g")

    /// The same library opened under another soname (a path works too): how tests and
    /// deployments point a codec at a different build, or at none.
    public func opened(as soname: String) -> CodecLibrary {
        var copy = self
        copy.soname = soname
        return copy
    }

    /// `libjpeg (libjpeg.so.62)`.
    public var description: String { "\(name) (\(soname))" }

    var shimLibrary: cic_library {
        switch kind {
        case .jpeg: CIC_LIBJPEG
        case .png: CIC_LIBPNG
        case .webp: CIC_LIBWEBP
        case .zlib: CIC_ZLIB
        }
    }
}
