import Foundation

/// The per-user base directories of the XDG Base Directory specification, where FeedVM keeps
/// what it writes by default (the image cache and the store under the cache directory, the
/// store key under the state directory).
public enum UserDirectory {
    /// `$XDG_CACHE_HOME`, else `$HOME/.cache`.
    public static func cache(in environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        base("XDG_CACHE_HOME", else: ".cache", in: environment)
    }

    /// `$XDG_STATE_HOME`, else `$HOME/.local/state`.
    public static func state(in environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        base("XDG_STATE_HOME", else: ".local/state", in: environment)
    }

    /// `$HOME` when it is an absolute path, else the account's home directory. Foundation's
    /// `homeDirectoryForCurrentUser` reads only the account database on Linux, so a `HOME`
    /// set for a sandbox or a test would be ignored.
    public static func home(in environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let home = environment["HOME"], home.hasPrefix("/") { return URL(fileURLWithPath: home, isDirectory: true) }
        return FileManager.default.homeDirectoryForCurrentUser
    }

    /// The variable's directory; a relative value is invalid and ignored, as the
    /// specification asks.
    private static func base(_ variable: String, else relativeToHome: String, in environment: [String: String]) -> URL {
        if let directory = environment[variable], directory.hasPrefix("/") { return URL(fileURLWithPath: directory, isDirectory: true) }
        return home(in: environment).appendingPathComponent(relativeToHome, isDirectory: true)
    }
}
