import CCurl
import Dispatch
import Foundation

/// One request in flight on a `CurlEventLoop`: its easy-handle options, what curl's callbacks
/// have received so far, and its completion.
///
/// Thread use: see the `Safety:` line below.
final class CurlTransfer: @unchecked Sendable {
    // Safety: `request`, `limits` and the completion (a `OnceCallback`) are safe anywhere;
    // everything else is touched only on the event thread (in `configure`, in curl's callbacks,
    // which run inside `curl_multi_perform` there, and in `outcome`).
    typealias Completion = @Sendable (Result<(HTTPResponse, Data), NetworkError>) -> Void

    /// Which hard limit a callback stopped the transfer for.
    enum Overrun {
        case body, head
    }

    let request: HTTPRequest
    let limits: CurlTransport.Limits
    private let completion: OnceCallback<Result<(HTTPResponse, Data), NetworkError>>

    /// The head of the response being received (reset by every redirect's status line).
    var head = ResponseHead()
    /// The decoded body received so far.
    let body = ResponseBuffer()
    /// Set by a callback that refused more bytes.
    var overrun: Overrun?
    /// The easy handle while the transfer is in the multi handle.
    var easy: OpaquePointer?
    private var headerList: OpaquePointer?

    /// Connections are counted per host: scheme, name and port.
    let hostKey: String
    /// When the deadline passes: the request's whole life counts, waiting for a slot included.
    private let deadline: DispatchTime

    init(request: HTTPRequest, limits: CurlTransport.Limits, completion: @escaping Completion) {
        self.request = request
        self.limits = limits
        self.completion = OnceCallback(completion)
        let url = request.url
        hostKey = "\(url.scheme?.lowercased() ?? "")://\(url.host?.lowercased() ?? ""):\(url.port ?? -1)"
        let seconds = min(max(request.timeoutInterval ?? limits.requestTimeout, 0.001), 86_400)
        deadline = .now() + seconds
    }

    /// Milliseconds left before the deadline, or `nil` when it has passed.
    func remainingMilliseconds() -> Int? {
        let left = Int64(deadline.uptimeNanoseconds) - Int64(DispatchTime.now().uptimeNanoseconds)
        return left > 0 ? max(1, Int(left / 1_000_000)) : nil
    }

    deinit {
        if let headerList { ccurl_slist_free_all(headerList) }
    }

    /// `true` once the transfer was answered or cancelled.
    var isFinished: Bool { completion.hasFired }

    /// Reports `result`, unless the transfer already ended.
    func finish(_ result: Result<(HTTPResponse, Data), NetworkError>) { completion(result) }

    /// Sets every option of this request on `easy` (fresh or reset), with `timeoutMilliseconds`
    /// as curl's deadline. `false` when curl refused one, which only an unusable URL or request
    /// causes.
    func configure(_ easy: OpaquePointer, timeoutMilliseconds: Int) -> Bool {
        let context = Unmanaged.passUnretained(self).toOpaque()
        var codes: [ccurl_code] = [
            request.url.absoluteString.withCString { ccurl_easy_setopt_pointer(easy, CCURLOPT_URL, $0) },
            ccurl_easy_setopt_write_function(easy, CCURLOPT_WRITEFUNCTION, curlReceiveBody),
            ccurl_easy_setopt_pointer(easy, CCURLOPT_WRITEDATA, context),
            ccurl_easy_setopt_write_function(easy, CCURLOPT_HEADERFUNCTION, curlReceiveHeader),
            ccurl_easy_setopt_pointer(easy, CCURLOPT_HEADERDATA, context),
            // Signals would be process-wide; the event thread needs none.
            ccurl_easy_setopt_long(easy, CCURLOPT_NOSIGNAL, 1),
            // "" offers every encoding curl can decode; the body callback sees decoded bytes.
            ccurl_easy_setopt_pointer(easy, CCURLOPT_ACCEPT_ENCODING, ""),
            ccurl_easy_setopt_pointer(easy, CCURLOPT_USERAGENT, "FeedVM"),
            ccurl_easy_setopt_long(easy, CCURLOPT_FOLLOWLOCATION, 1),
            ccurl_easy_setopt_long(easy, CCURLOPT_MAXREDIRS, limits.maxRedirects),
            ccurl_easy_setopt_long(easy, CCURLOPT_TIMEOUT_MS, timeoutMilliseconds),
            ccurl_easy_setopt_off_t(easy, CCURLOPT_MAXFILESIZE_LARGE, Int64(limits.maxBodyBytes)),
            allowHTTPOnly(easy, option: CCURLOPT_PROTOCOLS_STR, fallback: CCURLOPT_PROTOCOLS),
            allowHTTPOnly(easy, option: CCURLOPT_REDIR_PROTOCOLS_STR, fallback: CCURLOPT_REDIR_PROTOCOLS),
        ]
        codes += configureMethodAndBody(easy)
        // Bodies arrive in pieces of up to this many bytes: fewer reads, callbacks and wake-ups
        // for an image of a few hundred KiB. Only a speed-up: a libcurl (or a handle) that
        // refuses it still serves the request.
        if let receiveBufferBytes = limits.receiveBufferBytes {
            _ = ccurl_easy_setopt_long(easy, CCURLOPT_BUFFERSIZE, receiveBufferBytes)
        }
        headerList = makeHeaderList()
        codes.append(ccurl_easy_setopt_pointer(easy, CCURLOPT_HTTPHEADER, UnsafeRawPointer(headerList)))
        return codes.allSatisfy { $0 == CCURLE_OK }
    }

    /// Only http and https, for the request and for redirects; the bit mask is for libcurl
    /// older than 7.85, which lacks the string options.
    private func allowHTTPOnly(_ easy: OpaquePointer, option: ccurl_option, fallback: ccurl_option) -> ccurl_code {
        let code = ccurl_easy_setopt_pointer(easy, option, "http,https")
        guard code == CCURLE_UNKNOWN_OPTION else { return code }
        return ccurl_easy_setopt_long(easy, fallback, CCURLPROTO_HTTP | CCURLPROTO_HTTPS)
    }

    private func configureMethodAndBody(_ easy: OpaquePointer) -> [ccurl_code] {
        var codes: [ccurl_code] = []
        switch request.method {
        case .get where request.body == nil:
            codes.append(ccurl_easy_setopt_long(easy, CCURLOPT_HTTPGET, 1))
        case .head:
            codes.append(ccurl_easy_setopt_long(easy, CCURLOPT_NOBODY, 1))
        default:
            // A body makes curl POST; any other method name is then sent as a custom request.
            let body = request.body ?? Data()
            codes.append(ccurl_easy_setopt_off_t(easy, CCURLOPT_POSTFIELDSIZE_LARGE, Int64(body.count)))
            codes.append(body.withUnsafeBytes { bytes in
                // curl copies POSTFIELDSIZE bytes; an empty body still needs a valid pointer.
                "".withCString { empty in ccurl_easy_setopt_pointer(easy, CCURLOPT_COPYPOSTFIELDS, bytes.baseAddress ?? UnsafeRawPointer(empty)) }
            })
            if request.method != .post {
                codes.append(request.method.rawValue.withCString { ccurl_easy_setopt_pointer(easy, CCURLOPT_CUSTOMREQUEST, $0) })
            }
        }
        return codes
    }

    /// `Name: value` lines; a field with CR, LF or NUL is left out, so a header value can never
    /// smuggle in another header. `Expect:` turns off curl's 100-continue wait for bodies.
    private func makeHeaderList() -> OpaquePointer? {
        var list: OpaquePointer?
        var lines = request.headers.map { "\($0.key): \($0.value)" }.filter { line in
            !line.utf8.contains { $0 == 13 || $0 == 10 || $0 == 0 }
        }
        if request.body != nil && request.value(forHTTPHeaderField: "Expect") == nil { lines.append("Expect:") }
        for line in lines.sorted() {
            list = line.withCString { ccurl_slist_append(list, $0) } ?? list
        }
        return list
    }
}

/// `CURLOPT_WRITEFUNCTION`: decoded body bytes. Returning less than offered aborts the transfer.
private let curlReceiveBody: ccurl_write_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    guard length > 0, let data else { return length }
    guard transfer.body.count + length <= transfer.limits.maxBodyBytes else {
        transfer.overrun = .body
        return 0
    }
    if transfer.body.count == 0, let declared = transfer.head.contentLength {
        transfer.body.reserve(min(declared, transfer.limits.maxBodyBytes))
    }
    let stored = transfer.body.append(UnsafeRawBufferPointer(start: data, count: length), growingUpTo: transfer.limits.maxBodyBytes)
    return stored ? length : 0
}

/// `CURLOPT_HEADERFUNCTION`: one complete header line at a time, for every response on the
/// way (redirects, 100 Continue) as well as the final one.
private let curlReceiveHeader: ccurl_write_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    guard let data else { return length }
    guard transfer.head.receivedBytes + length <= transfer.limits.maxHeaderBytes else {
        transfer.overrun = .head
        return 0
    }
    transfer.head.receive(UnsafeRawBufferPointer(start: data, count: length))
    return length
}
