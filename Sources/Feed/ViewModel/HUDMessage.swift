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

    /// What a successful load shows (seed 000's text; seed 001's "加載成功"). A failed load
    /// shows the server's message; an input with `"hud": false` shows neither.
    public static let loadSucceeded = HUDMessage(style: .success, message: "Load successful")
}
