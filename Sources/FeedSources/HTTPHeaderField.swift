/// What may stand in an HTTP header line (RFC 9110, section 5): checked before any header is
/// sent, so that no input or substituted value can end the line and inject another header.
public enum HTTPHeaderField {
    /// A field name: a non-empty token (`A-Z a-z 0-9 ! # $ % & ' * + - . ^ _ \` | ~`).
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(isTokenCharacter)
    }

    /// A field value: no control character but horizontal tab (so no CR, LF or NUL); any other
    /// byte, UTF-8 included, is allowed.
    public static func isValidValue(_ value: String) -> Bool {
        value.utf8.allSatisfy { byte in byte == 0x09 || (byte >= 0x20 && byte != 0x7F) }
    }

    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
