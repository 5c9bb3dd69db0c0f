/// The status line and header fields of the response being received, parsed from the lines
/// curl's header callback hands over (byte by byte, no Foundation: it runs for every line of
/// every response).
///
/// With redirects followed, every response passes through here; each status line starts a new
/// head, so what remains at the end is the final response's.
struct ResponseHead {
    /// The status code of the latest status line, or 0 before one arrived.
    private(set) var statusCode = 0
    /// The fields of the latest response, repeated names joined with ", ".
    private(set) var headers: [String: String] = [:]
    /// `Content-Length` of the latest response, when it declared one.
    private(set) var contentLength: Int?
    /// `Location` of the latest response, when it had one.
    private(set) var location: String?
    /// All header bytes received, over every response (the cap counts them).
    private(set) var receivedBytes = 0
    /// Lower-cased name -> the spelling stored in `headers`.
    private var spellings: [String: String] = [:]

    init() {}

    /// Takes one header line, with or without its CRLF.
    mutating func receive(_ line: UnsafeRawBufferPointer) {
        receivedBytes += line.count
        var end = line.count
        while end > 0, line[end - 1] == UInt8(ascii: "\n") || line[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        guard end > 0 else { return }
        let text = UnsafeRawBufferPointer(rebasing: line[0..<end])
        if text.starts(with: "HTTP/".utf8) {
            let total = receivedBytes
            self = ResponseHead()
            receivedBytes = total
            statusCode = ResponseHead.statusCode(of: text)
            return
        }
        guard let colon = text.firstIndex(of: UInt8(ascii: ":")) else { return }
        let name = ResponseHead.trimmed(UnsafeRawBufferPointer(rebasing: text[..<colon]))
        let value = ResponseHead.trimmed(UnsafeRawBufferPointer(rebasing: text[(colon + 1)...]))
        add(String(decoding: name, as: UTF8.self), lowercased: ResponseHead.lowercased(name), String(decoding: value, as: UTF8.self))
    }

    private mutating func add(_ name: String, lowercased key: String, _ value: String) {
        switch key {
        case "content-length": contentLength = Int(value)
        case "location": location = value
        default: break
        }
        if let existing = spellings[key] {
            headers[existing] = headers[existing].map { $0 + ", " + value } ?? value
        } else {
            spellings[key] = name
            headers[name] = value
        }
    }

    /// The three digits after `HTTP/x[.y] `, or 0.
    private static func statusCode(of line: UnsafeRawBufferPointer) -> Int {
        guard let space = line.firstIndex(of: UInt8(ascii: " ")), space + 4 <= line.count else { return 0 }
        var code = 0
        for byte in line[(space + 1)..<(space + 4)] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return 0 }
            code = code * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return code
    }

    private static func trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
        while end > start, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }

    private static func lowercased(_ bytes: UnsafeRawBufferPointer) -> String {
        String(decoding: bytes.lazy.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
