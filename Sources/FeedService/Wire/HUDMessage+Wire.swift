import Feed
import JSON

extension HUDMessage {
    /// The members of a `hud` notification after `session`: `"style": "success", "message": "..."`,
    /// and `"warning": true` for a warning.
    func appendWireMembers(to object: inout JSONObject) {
        object.appendUnchecked(key: "style", value: .string(style.rawValue))
        object.appendUnchecked(key: "message", value: .string(message))
        if isWarning { object.appendUnchecked(key: "warning", value: true) }
    }
}
