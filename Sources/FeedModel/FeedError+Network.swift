import Network

extension FeedError {
    /// The feed-level meaning of a provider failure.
    public init(networkError error: any Error, url: String) {
        guard let networkError = error as? NetworkError else {
            self = .transport(message: "\(error)", url: url)
            return
        }
        if networkError.isCancelled {
            self = .cancelled(.shutdown)
        } else if case .unsupportedURLScheme(let scheme, _) = networkError {
            self = .refusedScheme(scheme, url: url)
        } else if let response = networkError.response {
            self = .server(
                message: "HTTP \(response.statusCode)", status: response.statusCode, url: url,
                retryAfter: response.header("Retry-After").flatMap(RetryAfter.init(header:)))
        } else {
            self = .transport(message: "\(networkError)", url: url, reason: Reason(networkError))
        }
    }
}

extension FeedError.Reason {
    /// The reason a transport failure reports, if it is one of the known limits or faults.
    public init?(_ error: NetworkError) {
        switch error {
        case .timedOut: self = .timedOut
        case .bodyTooLarge: self = .bodyTooLarge
        case .malformedResponse: self = .malformedResponse
        case .tooManyRedirects: self = .tooManyRedirects
        case .transportUnavailable: self = .transportUnavailable
        case .underlying(let underlying, _, _) where underlying is TransportError: self = .connectionFailed
        default: return nil
        }
    }
}
