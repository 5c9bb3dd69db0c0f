import JSON
import Logging

extension RPCServer {
    /// The knobs of a server; the defaults suit `feedvm`.
    public struct Configuration: Sendable {
        /// How messages are delimited in both directions; `nil` (the default) detects it from the
        /// first bytes of input: a `Content-Length:` or `Content-Type:` header means
        /// `.contentLength`, anything else `.newline`.
        public var framing: Framing?
        /// A message (a line, or a framed body) longer than this is answered -32700 and skipped
        /// (default 16 MiB).
        public var maxMessageBytes: Int = 16 << 20
        /// Nesting deeper than this is a parse error.
        public var maxNestingDepth: Int = JSON.defaultMaxDepth
        /// The reader pauses while more output than this waits for the client (default 64 MiB).
        public var outputBacklogLimit: Int = 64 << 20
        /// After stdin ends, requests still running get this long (seconds) to finish before
        /// they are cancelled (0: cancel at once). It counts against `exitBudget`.
        public var endOfInputGracePeriod: Double = 0
        /// When `true`, a request whose `params` is an array is answered -32602 before any
        /// handler sees it (protocol/: methods take named params only).
        public var requiresNamedParams: Bool = false
        /// How long (seconds) the final flush may take before the server gives up on the client.
        /// It counts against `exitBudget`.
        public var finalFlushTimeout: Double = 1.5
        /// The most time (seconds) from the end of input, `exit` or a signal until `run`
        /// returns, grace period and final flush included; protocol/ promises exit within 2 s.
        /// Only finishing a message already half written may take longer (see below).
        public var exitBudget: Double = 1.9
        /// When the final flush runs out of time in the middle of a message, the writer finishes
        /// that message (and starts no other) for at most this long (seconds) more...
        public var messageCompletionTimeout: Double = 30
        /// ...as long as the client reads something at least this often (seconds).
        public var stalledClientTimeout: Double = 2
        /// `serverInfo.name` in the `initialize` result.
        public var serverName: String = "feedvm"
        /// `serverInfo.version` in the `initialize` result.
        public var serverVersion: String = "0.1.0"
        /// `protocolVersion` in the `initialize` result.
        public var protocolVersion: String = "1.2"
        /// `capabilities` in the `initialize` result.
        public var capabilities: JSON = [:]
        /// Where diagnostics go (stderr).
        public var logger: Logger = Logger()

        /// The defaults.
        public init() {}
    }
}
