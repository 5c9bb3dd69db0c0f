#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Process-wide set-up that keeps the protocol stream clean.
public enum StandardStreams {
    /// Moves the real stdout to a private, close-on-exec descriptor and points fd 1 at stderr,
    /// so a stray `print` lands in the log instead of corrupting the protocol. Returns the
    /// private descriptor to hand to `RPCServer`; returns 1 if the move fails.
    public static func protectStandardOutput() -> Int32 {
        let privateOutput = fcntl(1, F_DUPFD_CLOEXEC, 3)
        guard privateOutput >= 0 else { return 1 }
        guard dup2(2, 1) >= 0 else {
            close(privateOutput)
            return 1
        }
        return privateOutput
    }

    /// Ignores SIGPIPE, so a client that goes away shows up as EPIPE on write, not as death.
    public static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }
}
