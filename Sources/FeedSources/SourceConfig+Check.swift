import FeedModel
import Foundation
import Network

extension SourceConfig {
    /// Fails, naming the member to fix, when the config's requests could never reach a host:
    /// a `{baseURL}` that is missing or no URL, or a URL template that does not make a URL with
    /// a host for `category` and `pageSize` (whatever the page or cursor). `field` is where the
    /// config came from (`input.custom`), or `nil` for a preset, whose only variable is the
    /// base URL.
    public func checkURLs(context: Context, category: String, pageSize: Int, field: String?) throws(FeedInputError) {
        let templates = [("url", urlTemplate), ("firstURL", firstURLTemplate), ("detail.url", detail?.urlTemplate)]
            .compactMap { member, text in text.map { (member, $0) } }
        if templates.contains(where: { $0.1.hasPrefix("{baseURL}") }) {
            guard !context.baseURL.isEmpty else {
                throw FeedInputError(field: "input.baseURL", reason: "is required: \(field ?? "the source").url starts with {baseURL}")
            }
            guard let host = URLText.url(context.baseURL)?.host, !host.isEmpty else {
                throw FeedInputError(field: "input.baseURL", reason: "is not a URL with a host: \"\(Self.shown(context.baseURL, context))\"")
            }
        }
        var requests = [("firstURL", PageRequest(index: 0, pageSize: pageSize, category: category))]
        if paging != .next && paging != .none {
            requests.append(("url", PageRequest(index: 1, pageSize: pageSize, category: category, cursor: "cursor")))
        }
        for (member, request) in requests {
            let url = self.url(for: request, context: context)
            guard let host = URL(string: url)?.host, !host.isEmpty else {
                let name = member == "firstURL" && firstURLTemplate == nil ? "url" : member
                throw FeedInputError(field: field.map { "\($0).\(name)" } ?? "input.baseURL", reason: "does not make a URL with a host: \"\(Self.shown(url, context))\"")
            }
        }
    }

    /// `url` as an error may show it: secret query values and the access key replaced.
    private static func shown(_ url: String, _ context: Context) -> String {
        let redacted = Redactor.standard.redact(urlString: url)
        guard !context.accessKey.isEmpty else { return redacted }
        return redacted.replacingOccurrences(of: context.accessKey, with: Redactor.placeholder)
            .replacingOccurrences(of: URLText.formEncoded(context.accessKey), with: Redactor.placeholder)
    }
}
