import Foundation
import JSON
import Logging

/// Logs each request and its outcome with secrets redacted: header values, query values and
/// JSON, form or `name=value` text members whose names the `Redactor` considers secret never
/// reach the log, nor does any value the logger's `SecretRedactor` knows, whatever its name.
///
/// A summary line per request and per answer at `.info` (`.warning` for failures); with
/// `verbose`, headers and bodies follow at `.debug`, also the body of a failed answer (a
/// rejected status code, a body that did not map).
///
/// Bodies are shown as text after their secrets are hidden, through the formatters when given
/// (Moya's, as seed 004 sets a `responseDataFormatter` that pretty-prints JSON): a formatter only
/// ever sees the redacted body, and what it returns is redacted again by the logger, so it
/// cannot bring a secret back. A body that cannot be redacted reliably (a binary or unknown
/// format, JSON that does not parse, more than `maxLoggedBodyBytes`) is shown by its size only.
public struct NetworkLoggerPlugin: PluginType {
    /// Turns a request body, secrets already hidden, into the text to log.
    public typealias RequestDataFormatter = @Sendable (Data) -> String
    /// Turns a response body, secrets already hidden, into the bytes to log as UTF-8 text.
    public typealias ResponseDataFormatter = @Sendable (Data) -> Data

    private let logger: Logger
    private let verbose: Bool
    private let redactor: Redactor
    private let maxLoggedBodyBytes: Int
    private let requestDataFormatter: RequestDataFormatter?
    private let responseDataFormatter: ResponseDataFormatter?

    /// A logger plugin.
    ///
    /// - Parameters:
    ///   - secretNames: header, query and body names to hide besides the built-in ones.
    ///   - maxLoggedBodyBytes: longer bodies are shown as their size only.
    ///   - requestDataFormatter: how a request body is shown; UTF-8 text by default.
    ///   - responseDataFormatter: how a response body is shown (its result as UTF-8 text); the
    ///     body itself by default.
    public init(
        logger: Logger = Logger(level: .info, label: "network"),
        verbose: Bool = false,
        secretNames: [String] = [],
        maxLoggedBodyBytes: Int = 4096,
        requestDataFormatter: RequestDataFormatter? = nil,
        responseDataFormatter: ResponseDataFormatter? = nil
    ) {
        self.logger = logger
        self.verbose = verbose
        self.redactor = Redactor(secretNames: secretNames)
        self.maxLoggedBodyBytes = maxLoggedBodyBytes
        self.requestDataFormatter = requestDataFormatter
        self.responseDataFormatter = responseDataFormatter
    }

    public func willSend(_ request: HTTPRequest, target: any TargetType) {
        logger.info("-> \(describe(request))")
        guard verbose else { return }
        logHeaders(request.headers)
        guard let body = request.body, !body.isEmpty else { return }
        logger.debug("   body: \(text(of: body, contentType: request.value(forHTTPHeaderField: "Content-Type"), formatter: requestDataFormatter))")
    }

    public func didReceive(_ result: Result<Response, NetworkError>, target: any TargetType) {
        let answer: Response
        switch result {
        case .success(let response):
            // Described only when the line is written: redacting the URL scans all of it.
            logger.info("<- \(response.statusCode) \(response.request.map(describe) ?? "(no request)") (\(response.data.count) bytes)")
            answer = response
        case .failure(let error):
            logger.warning("<- failed: \(error.message(redactingWith: redactor))")
            guard let response = error.response else { return }
            answer = response
        }
        guard verbose else { return }
        logHeaders(answer.headers)
        guard !answer.data.isEmpty else { return }
        let formatter = responseDataFormatter.map { format in { @Sendable body in NetworkLoggerPlugin.utf8Text(format(body)) } }
        logger.debug("   body: \(text(of: answer.data, contentType: answer.header("Content-Type"), formatter: formatter))")
    }

    private func describe(_ request: HTTPRequest) -> String {
        "\(request.method) \(redactor.redact(url: request.url))"
    }

    private func logHeaders(_ headers: [String: String]) {
        for header in redactor.redact(headers: headers) {
            // By name above; by value here, also a registered value too short to find in text.
            logger.debug("   \(header.name): \(logger.redactor?.redact(value: header.value) ?? header.value)")
        }
    }

    /// The body as the log shows it: redacted, then formatted.
    private func text(of body: Data, contentType: String?, formatter: (@Sendable (Data) -> String)?) -> String {
        guard let redacted = redacted(body, contentType: contentType?.lowercased() ?? "") else { return "<\(body.count) bytes>" }
        return formatter?(redacted) ?? NetworkLoggerPlugin.utf8Text(redacted)
    }

    /// `body` with the members of secret names hidden (JSON members, form fields, `name=value`
    /// lines of text) and then every secret the logger's redactor knows; `nil` when it cannot be
    /// redacted reliably. A body without a content type is read as JSON if it parses, else as text.
    private func redacted(_ body: Data, contentType: String) -> Data? {
        guard body.count <= maxLoggedBodyBytes else { return nil }
        var redacted: [UInt8]
        let bytes = [UInt8](body)
        if contentType.contains("json") || contentType.isEmpty, let json = try? JSON.parse(bytes) {
            redacted = redactor.redact(json: json).serialized()
        } else if contentType.isEmpty || contentType.hasPrefix("text/") || contentType.contains("x-www-form-urlencoded"),
            let text = String(validating: bytes, as: UTF8.self)
        {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            redacted = Array(lines.map { redactor.redact(formEncoded: String($0)) }.joined(separator: "\n").utf8)
        } else {
            return nil
        }
        if let secrets = logger.redactor { redacted = secrets.redact(bytes: redacted) }
        return Data(redacted)
    }

    private static func utf8Text(_ data: Data) -> String {
        String(validating: data, as: UTF8.self) ?? "<\(data.count) bytes>"
    }
}
