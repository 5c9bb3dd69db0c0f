/// The status line and header fields of the response being received, parsed from the lines
/// curl's header callback hands over.
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

    /// Takes one header line, with or without its CRLF.
    mutating func receive(_ line: UnsafeRawBufferPointer) {
        receivedBytes += line.count
        var text = Substring(decoding: line, as: UTF8.self)
        while let last = text.last, last == "\r\n" || last == "\n" || last == "\r" { text = text.dropLast() }
        guard !text.isEmpty else { return }
        if text.hasPrefix("HTTP/") {
            self = ResponseHead(receivedBytes: receivedBytes)
            let fields = text.split(separator: " ", maxSplits: 2)
            statusCode = fields.count > 1 ? Int(fields[1]) ?? 0 : 0
            return
        }
        guard let colon = text.firstIndex(of: ":") else { return }
        let name = String(text[..<colon].trimmingSpaces)
        let value = String(text[text.index(after: colon)...].trimmingSpaces)
        add(name, value)
    }

    private init(receivedBytes: Int) { self.receivedBytes = receivedBytes }

    init() {}

    private mutating func add(_ name: String, _ value: String) {
        switch name.lowercased() {
        case "content-length": contentLength = Int(value)
        case "location": location = value
        default: break
        }
        if let existing = headers.keys.first(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
            headers[existing] = headers[existing]! + ", " + value
        } else {
            headers[name] = value
        }
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
