import Foundation
import Network

/// One page request of a `SourceConfig`, as a Moya-style target: the URL is fully built
/// (template, query, percent-encoding) by the config, so `path` is empty.
public struct FeedTarget: TargetType, Equatable {
    /// The full request URL.
    public let url: URL
    /// The request headers.
    public let requestHeaders: [String: String]
    /// The stubbed answer (the stub catalog's page); empty for live sources.
    public let sampleData: Data

    /// A target for `url`.
    public init(url: URL, headers: [String: String], sampleData: Data = Data()) {
        self.url = url
        self.requestHeaders = headers
        self.sampleData = sampleData
    }

    public var baseURL: URL { url }
    public var path: String { "" }
    public var headers: [String: String]? { requestHeaders }
}
