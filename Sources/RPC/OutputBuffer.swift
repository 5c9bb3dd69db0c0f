import Foundation

/// The JSON text of one outgoing message, in pieces: bytes, and binary data written as base64
/// only when the message is written.
///
/// An inline image is the one large thing the server sends, often to several requests at once
/// (400 `loadImage` answers for one image): each message holds a reference to the image's
/// bytes instead of its own 13 MiB of base64, so the queue costs what its bytes cost once.
struct OutputBuffer {
    /// One piece of the text.
    enum Piece {
        case bytes([UInt8])
        case base64(Data)

        /// How many bytes the piece writes.
        var encodedCount: Int {
            switch self {
            case .bytes(let bytes): return bytes.count
            case .base64(let data): return (data.count + 2) / 3 * 4
            }
        }
    }

    /// Finished pieces, then `tail`.
    private(set) var pieces: [Piece] = []
    /// The bytes being appended to.
    var tail: [UInt8] = []

    init() {}

    /// A buffer holding `bytes`.
    init(_ bytes: [UInt8]) { tail = bytes }

    /// `true` when every piece is plain bytes (all of them are in `tail`).
    var isPlain: Bool { pieces.isEmpty }

    /// How many bytes the text is.
    var encodedCount: Int { pieces.reduce(tail.count) { $0 + $1.encodedCount } }

    /// Appends `data`, to be written as base64 (without quotes).
    mutating func appendBase64(_ data: Data) {
        if !tail.isEmpty { pieces.append(.bytes(tail)) }
        tail = []
        pieces.append(.base64(data))
    }

    /// Appends another buffer's pieces.
    mutating func append(_ other: OutputBuffer) {
        for piece in other.pieces {
            switch piece {
            case .bytes(let bytes): tail.append(contentsOf: bytes)
            case .base64(let data): appendBase64(data)
            }
        }
        tail.append(contentsOf: other.tail)
    }

    /// Every piece in order, `tail` last.
    var allPieces: [Piece] { tail.isEmpty ? pieces : pieces + [.bytes(tail)] }
}
