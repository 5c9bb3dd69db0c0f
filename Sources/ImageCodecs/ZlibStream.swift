/// Writes zlib streams (RFC 1950) whose deflate data uses stored (uncompressed) blocks.
///
/// Stored blocks are valid deflate that every inflater reads; PNG generation needs validity,
/// not compression ratio.
public enum ZlibStream {
    /// `bytes` wrapped as a zlib stream: header, stored deflate blocks, Adler-32.
    public static func stored(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [0x78, 0x01]  // deflate, 32 KiB window, no dictionary; (0x7801 % 31 == 0)
        output.reserveCapacity(bytes.count + bytes.count / 65535 * 5 + 11)
        var start = 0
        repeat {
            let end = min(start + 65535, bytes.count)
            let length = UInt16(end - start)
            output.append(end == bytes.count ? 1 : 0)  // BFINAL, BTYPE=00
            output.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8)])
            output.append(contentsOf: [UInt8(~length & 0xFF), UInt8(~length >> 8)])
            output.append(contentsOf: bytes[start..<end])
            start = end
        } while start < bytes.count
        output.append(contentsOf: Adler32.checksum(bytes).bigEndianBytes)
        return output
    }
}

extension UInt32 {
    /// The four bytes, most significant first.
    var bigEndianBytes: [UInt8] { [UInt8(self >> 24), UInt8(self >> 16 & 0xFF), UInt8(self >> 8 & 0xFF), UInt8(self & 0xFF)] }
}
