/// The exit statuses of `feedvm`, as `--help` documents them.
enum ExitStatus {
    /// An orderly end: stdin closed, `exit` received, SIGTERM/SIGINT/SIGHUP, or the client closed stdout.
    static let success: Int32 = 0
    /// The command line could not be understood.
    static let usage: Int32 = 2
}

/// The version `--version` prints and `initialize` reports.
let feedVMVersion = "0.1.0"

/// The text of `--help`; the defaults it shows are `FeedVMOptions`' own.
let usageText = """
    Usage: feedvm [--log-level L] [--cache-dir DIR] [--max-message-bytes N] [--stub-delay-ms N]
                  [--max-sessions N] [--framing F] [--stdio] [--trace FILE]
                  [--store FILE|none] [--store-max-mb N]
                  [--max-body-bytes N] [--max-image-bytes N] [--request-timeout-ms N]
                  [--max-host-connections N] [--max-redirects N]
                  [--memory-cache-bytes N] [--disk-cache-bytes N] [--cache-max-age S]
                  [--help] [--version] [--list-methods]

    FeedVM is a headless MVVM engine for paged image feeds. Spawn it and speak JSON-RPC 2.0 on
    its stdin/stdout, one JSON message per line (UTF-8, \\n or \\r\\n), or framed as in the LSP
    base protocol ("Content-Length: N\\r\\n\\r\\n" then N bytes of JSON): a stream whose first
    bytes are a Content-Length (or Content-Type) header is answered framed the same way. The
    limits, errors and ordering are the same in both. stdout carries protocol only; logs go to
    stderr. See protocol/ for the methods.

    Options:
      --log-level L          off, error, warning, info, debug or trace (default \(FeedVMOptions().logLevel))
      --cache-dir DIR        where downloaded images are cached (default: $XDG_CACHE_HOME/feedvm
                             or $HOME/.cache/feedvm)
      --max-message-bytes N  longest accepted message (line, or framed body) in bytes,
                             \(range(FeedVMOptions.Range.maxMessageBytes)) (default \(FeedVMOptions().maxMessageBytes)); a longer one is
                             answered -32700 and skipped
      --framing F            auto (default: detect from the first bytes), newline or
                             content-length
      --stdio                accepted for editors that pass it; stdio is the only transport
      --trace FILE           append every message read and written to FILE as a transcript
                             (secrets redacted; default none); replay it for a bug report
                             with `python -m feedvm.transcript check FILE`
      --stub-delay-ms N      simulated latency of the embedded `stub` source in milliseconds,
                             \(range(FeedVMOptions.Range.stubDelayMilliseconds)) (default 0: answers at once; an input's
                             `stubDelayMs` wins)
      --max-sessions N       live sessions before `transform` is refused with -32005,
                             \(range(FeedVMOptions.Range.maxSessions)) (default \(FeedVMOptions().maxSessions))
      --store FILE|none      the feed store (SQLite): sessions open on their feed's saved list,
                             offline too, and keep local edits (default: store/feeds.sqlite in
                             the cache directory; none: keep nothing after a session)
      --store-max-mb N       bound on the store's size, \(range(FeedVMOptions.Range.storeMegabytes)) (default \(FeedVMOptions().storeMaxMegabytes));
                             feeds used least recently are evicted first
      --help                 show this text and exit
      --list-methods         print the JSON-RPC methods it serves, one per line, and exit
      --version              print the version and exit

    HTTP limits (every request, also image downloads and token refreshes):
      --max-body-bytes N     largest API response body after decoding, \(range(FeedVMOptions.Range.bodyBytes))
                             (default \(FeedVMOptions().maxBodyBytes)); over it: -32002, data.reason "bodyTooLarge"
      --max-image-bytes N    largest image after decoding, \(range(FeedVMOptions.Range.bodyBytes))
                             (default \(FeedVMOptions().maxImageBytes)); over it: -32003, data.reason "bodyTooLarge"
      --request-timeout-ms N total deadline of one request (connect, headers, body, redirects,
                             token refresh), \(range(FeedVMOptions.Range.requestTimeoutMilliseconds)) (default \(FeedVMOptions().requestTimeoutMilliseconds)); "timedOut"
      --max-host-connections N
                             connections to one host, \(range(FeedVMOptions.Range.hostConnections)) (default \(FeedVMOptions().maxHostConnections)), for page loads
                             and for images each: page loads never wait for image downloads
      --max-redirects N      redirects followed, \(range(FeedVMOptions.Range.redirects)) (default \(FeedVMOptions().maxRedirects)); only to http/https

    Image cache (one per process, shared by its sessions; `initialize {cache}` may change it):
      --memory-cache-bytes N images kept in memory, \(range(FeedVMOptions.Range.memoryCacheBytes)) bytes
                             (default \(FeedVMOptions().memoryCacheBytes)); the least recently used go first
      --disk-cache-bytes N   image files kept in --cache-dir, \(range(FeedVMOptions.Range.diskCacheBytes)) bytes
                             (default \(FeedVMOptions().diskCacheBytes)); files used in the last 90 s stay
      --cache-max-age S      the longest an image is used without asking its server again,
                             \(range(FeedVMOptions.Range.cacheMaxAge)) seconds (default \(FeedVMOptions().cacheMaxAge), 7 days); a shorter
                             Cache-Control max-age wins; then it is revalidated (ETag, Last-Modified)

    Exit status:
      0  orderly end: stdin closed, `exit` received, SIGTERM/SIGINT/SIGHUP, or stdout closed by
         the client (running requests are cancelled, output flushed, exit within 2 s)
      2  invalid command line (an unknown flag, a missing value, a number outside its range)

    Example:
      echo '{"jsonrpc":"2.0","id":1,"method":"ping"}' | feedvm

    """

/// A flag's range as `--help` writes it: "1024 to 1073741824".
private func range(_ range: ClosedRange<Int>) -> String { "\(range.lowerBound) to \(range.upperBound)" }
