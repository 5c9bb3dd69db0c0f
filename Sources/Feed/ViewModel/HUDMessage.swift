/// A transient message for the user, as the seeds show with SVProgressHUD.
public struct HUDMessage: Sendable, Equatable {
    /// How the message looks.
    public enum Style: String, Sendable {
        case success, error, info
    }

    /// The look.
    public var style: Style
    /// The text.
    public var message: String

    /// A message.
    public init(style: Style, message: String) {
        self.style = style
        self.message = message
    }
}

/// The texts of the HUD messages a view model sends; `nil` texts are not sent.
public struct HUDTexts: Sendable, Equatable {
    /// Sent after a successful load; seed 001's "加載成功".
    public var loadSucceeded: String?
    /// Whether failures are reported (with the server's message).
    public var reportsFailures: Bool

    /// The seeds' texts.
    public static let standard = HUDTexts(loadSucceeded: "Load successful", reportsFailures: true)
    /// No HUD at all.
    public static let off = HUDTexts(loadSucceeded: nil, reportsFailures: false)

    /// Custom texts.
    public init(loadSucceeded: String?, reportsFailures: Bool) {
        self.loadSucceeded = loadSucceeded
        self.reportsFailures = reportsFailures
    }
}
