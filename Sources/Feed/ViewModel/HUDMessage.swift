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
    /// Whether it warns about the feed's description (an `info` message, e.g. a configured key
    /// path the first page lacks) rather than reports a load.
    public var isWarning: Bool

    /// A message.
    public init(style: Style, message: String, isWarning: Bool = false) {
        self.style = style
        self.message = message
        self.isWarning = isWarning
    }

    /// A warning: an `info` message flagged as one.
    public static func warning(_ message: String) -> HUDMessage { HUDMessage(style: .info, message: message, isWarning: true) }

    /// What a successful load shows (seed 000's text; seed 001's "加載成功"). A failed load
    /// shows the server's message; an input with `"hud": false` shows neither.
    public static let loadSucceeded = HUDMessage(style: .success, message: "Load successful")
}
