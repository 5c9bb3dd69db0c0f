import CImageCodecs

extension cic_status {
    /// The codec error for a failed shim call on `format`, with the shim's `message`.
    func error(format: String, message: String) -> ImageCodecError {
        switch self {
        case CIC_TRUNCATED: .truncated(format: format, detail: message.isEmpty ? "the data ends early" : message)
        case CIC_UNSUPPORTED: .unsupportedFeature(format: format, detail: message)
        case CIC_NO_MEMORY: .outOfMemory(format: format)
        default: .corrupt(format: format, detail: message.isEmpty ? "the decoder rejected it" : message)
        }
    }
}

/// The C string in `buffer` (up to its first zero byte).
func shimString(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// The C string at `pointer`.
func shimString(_ pointer: UnsafePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
}
