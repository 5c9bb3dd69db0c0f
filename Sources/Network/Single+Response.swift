import Foundation
import JSON
import Reactive

/// Moya's `Single<Response>` operators, so a request reads as one chain:
/// `provider.rx.request(.feed).filterSuccessfulStatusCodes().map([Item].self, atKeyPath: "data.list")`.
extension Single where Element == Response {
    /// Fails with `.statusCode` unless the status code is in `statusCodes`.
    public func filter<Codes: RangeExpression & Sendable>(statusCodes: Codes) -> Single<Response> where Codes.Bound == Int {
        map { try $0.filter(statusCodes: statusCodes) }
    }

    /// Fails with `.statusCode` unless the status code is `statusCode`.
    public func filter(statusCode: Int) -> Single<Response> {
        map { try $0.filter(statusCode: statusCode) }
    }

    /// Fails with `.statusCode` unless the status code is 2xx.
    public func filterSuccessfulStatusCodes() -> Single<Response> {
        map { try $0.filterSuccessfulStatusCodes() }
    }

    /// Fails with `.statusCode` unless the status code is 2xx or 3xx.
    public func filterSuccessfulStatusAndRedirectCodes() -> Single<Response> {
        map { try $0.filterSuccessfulStatusAndRedirectCodes() }
    }

    /// The body as a JSON value.
    public func mapJSON(failsOnEmptyData: Bool = true) -> Single<JSON> {
        map { try $0.mapJSON(failsOnEmptyData: failsOnEmptyData) }
    }

    /// The body as text, or the string at `keyPath`.
    public func mapString(atKeyPath keyPath: String? = nil) -> Single<String> {
        map { try $0.mapString(atKeyPath: keyPath) }
    }

    /// The body (or the value at `keyPath`) decoded as `D`.
    public func map<D: Decodable & Sendable>(
        _ type: D.Type,
        atKeyPath keyPath: String? = nil,
        using decoder: JSONDecoder = JSONDecoder(),
        failsOnEmptyData: Bool = true
    ) -> Single<D> {
        map { try $0.map(type, atKeyPath: keyPath, using: decoder, failsOnEmptyData: failsOnEmptyData) }
    }
}
