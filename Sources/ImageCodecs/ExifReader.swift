/// Reads the Orientation tag from a JPEG's EXIF segment (APP1 `Exif\0\0`, a TIFF structure):
/// bounds-checked, so a hostile or cut-short file yields `.up`, never a crash.
enum ExifReader {
    /// The orientation `jpeg` declares, `.up` when it declares none or an invalid one.
    static func orientation(ofJPEG jpeg: UnsafeRawBufferPointer) -> ExifOrientation {
        guard let tiff = exifSegment(jpeg) else { return .up }
        return orientation(ofTIFF: UnsafeRawBufferPointer(rebasing: tiff)) ?? .up
    }

    /// The TIFF bytes of the first APP1 segment starting `Exif\0\0`, searched in the markers
    /// before the first scan.
    private static func exifSegment(_ bytes: UnsafeRawBufferPointer) -> Slice<UnsafeRawBufferPointer>? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            let body = offset + 4, end = offset + 2 + length
            if marker == 0xE1, end - body >= 6, bytes[body..<body + 6].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) {
                return bytes[(body + 6)..<end]
            }
            offset = end
        }
        return nil
    }

    /// Tag 274 of IFD0 in a TIFF structure of either byte order.
    static func orientation(ofTIFF tiff: UnsafeRawBufferPointer) -> ExifOrientation? {
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let first = u16(at), let second = u16(at + 2) else { return nil }
            return little ? first | second << 16 : first << 16 | second
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for index in 0..<count {
            let entry = ifd + 2 + index * 12
            guard let tag = u16(entry) else { return nil }
            guard tag == 0x0112 else { continue }
            // Type SHORT (3), one value, stored in the first two bytes of the value field.
            guard u16(entry + 2) == 3, let value = u16(entry + 8) else { return nil }
            return ExifOrientation(rawValue: value)
        }
        return nil
    }
}
