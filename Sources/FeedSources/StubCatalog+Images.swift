import Foundation
import Network

extension StubCatalog {
    /// A stub transport serving the catalog's generated PNGs (404 for unknown URLs).
    public static let imageTransport = StubTransport { request in
        guard let png = imageData(for: request.url.absoluteString) else {
            return .response(statusCode: 404, body: Data("no such stub image".utf8))
        }
        return .response(statusCode: 200, headers: ["Content-Type": "image/png"], body: Data(png))
    }
}
