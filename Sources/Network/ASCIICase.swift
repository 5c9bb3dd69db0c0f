extension StringProtocol {
    /// `true` when both spell the same text ignoring ASCII case, as HTTP compares header names
    /// (byte by byte, unlike Foundation's locale-aware `caseInsensitiveCompare`).
    func equalsIgnoringASCIICase(_ other: some StringProtocol) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        return zip(utf8, other.utf8).allSatisfy { a, b in a == b || (a | 0x20 == b | 0x20 && (0x61...0x7A).contains(a | 0x20)) }
    }
}
