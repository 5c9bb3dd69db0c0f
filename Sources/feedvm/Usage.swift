/// The exit statuses of `feedvm`, as `--help` documents them.
enum ExitStatus {
    /// An orderly end: stdin closed, `exit` received, SIGTERM/SIGINT, or the client closed stdout.
    static let success: Int32 = 0
    /// The command line could not be understood.
    static let usage: Int32 = 2
}

/// The version `--version` prints and `initialize` reports.
let feedVMVersion = "0.1.0"

/// The text of `--help`.
let usageText = """
    Usage: feedvm [--log-level L] [--cache-dir DIR] [--max-message-bytes N] [--stub-delay-ms N]
                  [--max-sessions N] [--framing F] [--stdio] [--help] [--version] [--list-methods]

    FeedVM is a headless MVVM engine for paged image feeds. Spawn it and speak JSON-RPC 2.0 on
    its stdin/stdout, one JSON message per line (UTF-8, \\n or \\r\\n), or framed as in the LSP
    base protocol ("Content-Length: N\\r\\n\\r\\n" then N bytes of JSON): a stream whose first
    bytes are a Content-Length (or Content-Type) header is answered framed the same way. The
    limits, errors and ordering are the same in both. stdout carries protocol only; logs go to
    stderr. See protocol/ for the methods.

    Options:
      --log-level L          off, error, warning (default), info, debug or trace
      --cache-dir DIR        where downloaded images are cached (default: $XDG_CACHE_HOME/feedvm
                             or ~/.cache/feedvm)
      --max-message-bytes N  longest accepted message (line, or framed body) in bytes (default
                             16777216); a longer one is answered -32700 and skipped
      --framing F            auto (default: detect from the first bytes), newline or
                             content-length
      --stdio                accepted for editors that pass it; stdio is the only transport
      --stub-delay-ms N      simulated latency of the embedded `stub` source, in milliseconds
      --max-sessions N       live sessions before `transform` is refused with -32005
                             (default 1000)
      --help                 show this text and exit
      --list-methods         print the JSON-RPC methods it serves, one per line, and exit
      --version              print the version and exit

    Exit status:
      0  orderly end: stdin closed, `exit` received, SIGTERM/SIGINT, or stdout closed by the
         client (running requests are cancelled, output flushed, exit within 2 s)
      2  invalid command line

    Example:
      echo '{"jsonrpc":"2.0","id":1,"method":"ping"}' | feedvm

    """
