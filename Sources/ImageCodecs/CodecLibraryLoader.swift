import CImageCodecs
import Locking

/// A library's function table, resolved once and kept for the life of the process.
struct LoadedLibrary: @unchecked Sendable {
    // Safety: the shim writes the table before `cic_load` returns and never frees or changes it;
    // every use only reads it.
    let table: UnsafeRawPointer
}

/// Opens each codec library at its first use and remembers the outcome per soname, so a missing
/// library costs one failed `dlopen`, not one per image.
enum CodecLibraryLoader {
    private static let loaded = Locked<[CodecLibrary: Result<LoadedLibrary, ImageCodecError>]>([:])

    /// The function table of `library`, or `libraryUnavailable` naming it and its package.
    static func load(_ library: CodecLibrary) throws(ImageCodecError) -> LoadedLibrary {
        let result = loaded.withLock { cache in
            if let known = cache[library] { return known }
            var error = [CChar](repeating: 0, count: 512)
            let outcome: Result<LoadedLibrary, ImageCodecError>
            if let table = cic_load(library.shimLibrary, library.soname, &error, error.count) {
                outcome = .success(LoadedLibrary(table: table))
            } else {
                let detail = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                outcome = .failure(.libraryUnavailable(library, detail: detail))
            }
            cache[library] = outcome
            return outcome
        }
        return try result.get()
    }
}
