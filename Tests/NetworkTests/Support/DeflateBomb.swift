import Foundation

/// A zlib stream (`Content-Encoding: deflate`) that inflates `inflatedBytes` zeros out of about
/// 1/160 of that: one fixed-Huffman block of a literal 0 and then "repeat 258 bytes from 1 back"
/// over and over (RFC 1951, 3.2.6). What a compression bomb looks like, written out by hand
/// because the test target has no zlib.
enum DeflateBomb {
    static func zlib(inflatedBytes: Int) -> Data {
        var bits = BitWriter()
        bits.append(1, count: 1)  // BFINAL
        bits.append(1, count: 2)  // BTYPE 01: fixed Huffman codes
        bits.appendCode(0b0011_0000, count: 8)  // literal 0
        var produced = 1
        while produced + 258 <= inflatedBytes {
            bits.appendCode(0b1100_0101, count: 8)  // length symbol 285: 258 bytes
            bits.appendCode(0, count: 5)  // distance code 0: 1 byte back
            produced += 258
        }
        while produced < inflatedBytes {
            bits.appendCode(0b0011_0000, count: 8)
            produced += 1
        }
        bits.appendCode(0, count: 7)  // end of block (256)
        let adler = UInt32(inflatedBytes % 65521) << 16 | 1  // Adler-32 of all zeros
        var stream = Data([0x78, 0x01])
        stream.append(contentsOf: bits.bytes)
        stream.append(contentsOf: [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)])
        return stream
    }

    /// Packs bits least significant first, as deflate does.
    private struct BitWriter {
        var bytes: [UInt8] = []
        private var used = 8

        /// Appends the low `count` bits of `value`, least significant first (header fields).
        mutating func append(_ value: Int, count: Int) {
            for shift in 0..<count { push(value >> shift & 1) }
        }

        /// Appends a Huffman code, most significant bit first.
        mutating func appendCode(_ code: Int, count: Int) {
            for shift in stride(from: count - 1, through: 0, by: -1) { push(code >> shift & 1) }
        }

        private mutating func push(_ bit: Int) {
            if used == 8 {
                bytes.append(0)
                used = 0
            }
            bytes[bytes.count - 1] |= UInt8(bit) << used
            used += 1
        }
    }
}
