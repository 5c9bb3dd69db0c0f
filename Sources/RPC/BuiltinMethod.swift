/// The names of the methods every server answers.
public enum BuiltinMethod {
    /// `ping` -> `{}`.
    public static let ping = "ping"
    /// `initialize {clientInfo?, capabilities?, protocolVersion?}` -> `{protocolVersion, serverInfo,
    /// capabilities}`; a client's `protocolVersion` of another major version is -32602.
    public static let initialize = "initialize"
    /// `shutdown` -> `{}` after every running request was cancelled and answered; later requests
    /// other than `ping` and `exit` are answered -32006.
    public static let shutdown = "shutdown"
    /// `exit`: the server stops reading, cancels what runs, flushes and exits 0 (a request is
    /// answered `{}` first).
    public static let exit = "exit"
    /// `$/cancelRequest {id}`: the request is answered -32800.
    public static let cancelRequest = "$/cancelRequest"
}
