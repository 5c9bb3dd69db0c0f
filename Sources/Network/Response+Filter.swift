extension Response {
    /// This response when its status code is in `statusCodes`; otherwise `.statusCode(self)`.
    public func filter<Codes: RangeExpression>(statusCodes: Codes) throws(NetworkError) -> Response where Codes.Bound == Int {
        guard statusCodes.contains(statusCode) else { throw .statusCode(self) }
        return self
    }

    /// This response when its status code is `code`; otherwise `.statusCode(self)`.
    public func filter(statusCode code: Int) throws(NetworkError) -> Response {
        try filter(statusCodes: code...code)
    }

    /// This response when its status code is 2xx.
    public func filterSuccessfulStatusCodes() throws(NetworkError) -> Response {
        try filter(statusCodes: 200...299)
    }

    /// This response when its status code is 2xx or 3xx.
    public func filterSuccessfulStatusAndRedirectCodes() throws(NetworkError) -> Response {
        try filter(statusCodes: 200...399)
    }
}
