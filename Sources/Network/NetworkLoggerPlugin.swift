import Foundation
import JSON
import Logging

/// Logs each request and its outcome with secrets redacted: header values, query values and
/// JSON or form body members whose names the `Redactor` considers secret never reach the log,
/// nor does any value the logger's `SecretRedactor` knows, whatever its name.
///
/// A summary line per request and per answer at `.info` (`.warning` for failures); with
/// `verbose`, headers and bodies follow at `.debug`.
public struct NetworkLoggerPlugin: PluginType {
    private let logger: Logger
    private let verbose: Bool
    private let redactor: Redactor
    private let maxLoggedBodyBytes: Int

    /// A logger plugin.
    ///
    /// - Parameters:
    ///   - secretNames: header, query and body names to hide besides the built-in ones.
    ///   - maxLoggedBodyBytes: longer bodies are shown as their size only.
    public init(
        logger: Logger = Logger(level: .info, label: "network"),
        verbose: Bool = false,
        secretNames: [String] = [],
        maxLoggedBodyBytes: Int = 4096
    ) {
        self.logger = logger
        self.verbose = verbose
        self.redactor = Redactor(secretNames: secretNames)
        self.maxLoggedBodyBytes = maxLoggedBodyBytes
    }

    public func willSend(_ request: HTTPRequest, target: any TargetType) {
        logger.info("-> \(describe(request))")
        guard verbose else { return }
        logHeaders(request.headers)
        logBody(request.body, contentType: request.value(forHTTPHeaderField: "Content-Type"))
    }

    public func didReceive(_ result: Result<Response, NetworkError>, target: any TargetType) {
        switch result {
        case .success(let response):
            let origin = response.request.map(describe) ?? "(no request)"
            logger.info("<- \(response.statusCode) \(origin) (\(response.data.count) bytes)")
            guard verbose else { return }
            logHeaders(response.headers)
            logBody(response.data, contentType: response.header("Content-Type"))
        case .failure(let error):
            logger.warning("<- failed: \(error.message(redactingWith: redactor))")
        }
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

    private func logBody(_ body: Data?, contentType: String?) {
        guard let body, !body.isEmpty else { return }
        logger.debug("   body: \(redactedText(of: body, contentType: contentType?.lowercased() ?? ""))")
    }

    /// The body as text with secret members hidden; anything that cannot be redacted reliably
    /// (unknown formats, unparseable JSON, large bodies) is shown only by its size.
    private func redactedText(of body: Data, contentType: String) -> String {
        let sizeOnly = "<\(body.count) bytes>"
        guard body.count <= maxLoggedBodyBytes else { return sizeOnly }
        if contentType.contains("json"), let json = try? JSON.parse([UInt8](body)) {
            return redactor.redact(json: json).jsonString
        }
        if contentType.contains("x-www-form-urlencoded"), let text = String(validating: body, as: UTF8.self) {
            return redactor.redact(formEncoded: text)
        }
        return sizeOnly
    }
}
