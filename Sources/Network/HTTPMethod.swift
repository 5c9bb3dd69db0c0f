/// An HTTP request method, such as `GET` or `POST`.
///
/// A struct rather than an enum so an API can use a method this list does not name.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method as sent on the wire, e.g. `"GET"`.
    public let rawValue: String

    /// The method spelled `rawValue` (upper-cased as HTTP expects).
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }

    /// `GET`.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `POST`.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `HEAD`.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `OPTIONS`.
    public static let options = HTTPMethod(rawValue: "OPTIONS")

    /// `true` for methods whose URL-encoded parameters belong in the query, not the body.
    public var encodesParametersInURL: Bool { self == .get || self == .head || self == .delete }

    public var description: String { rawValue }
}
