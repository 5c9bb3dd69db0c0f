/// An HTTP `Retry-After` value (RFC 9110, section 10.2.3): a number of seconds, or an HTTP date.
public enum RetryAfter: Sendable, Equatable {
    /// Wait this many seconds.
    case seconds(Double)
    /// Wait until this time, in seconds since 1970-01-01 00:00:00 UTC.
    case date(Double)

    /// The value of a `Retry-After` header, or `nil` when it is neither a non-negative integer
    /// of seconds nor an HTTP date (IMF-fixdate, or the obsolete RFC 850 and asctime forms).
    public init?(header: String) {
        let text = header.trimmingSpaces
        if !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            self = .seconds(Double(text) ?? .greatestFiniteMagnitude)
        } else if let date = HTTPDate.parse(text) {
            self = .date(date)
        } else {
            return nil
        }
    }

    /// The wait from `now` (seconds since 1970), never negative.
    public func delay(now: Double) -> Double {
        switch self {
        case .seconds(let seconds): return max(0, seconds)
        case .date(let date): return max(0, date - now)
        }
    }
}

/// The HTTP date formats (RFC 9110, section 5.6.7), read into seconds since 1970 (UTC).
enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// `Sun, 06 Nov 1994 08:49:37 GMT`, `Sunday, 06-Nov-94 08:49:37 GMT` or
    /// `Sun Nov  6 08:49:37 1994`; `nil` for anything else.
    static func parse(_ text: String) -> Double? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" }).map(String.init)
        let day: Int?, month: Int?, year: Int?, time: String
        switch words.count {
        case 6 where words[5] == "GMT":  // IMF-fixdate or RFC 850: weekday, day, month, year, time, GMT
            (day, month, year, time) = (Int(words[1]), monthNumber(words[2]), Int(words[3]), words[4])
        case 5:  // asctime: weekday, month, day, time, year
            (day, month, year, time) = (Int(words[2]), monthNumber(words[1]), Int(words[4]), words[3])
        default:
            return nil
        }
        let clock = time.split(separator: ":").map { Int($0) }
        guard var year, let month, let day, (1...31).contains(day), clock.count == 3,
              let hour = clock[0], let minute = clock[1], let second = clock[2],
              (0..<24).contains(hour), (0..<60).contains(minute), (0...60).contains(second)
        else { return nil }
        // RFC 850's two-digit year: one more than 50 years in the future is in the past century.
        if year < 100 { year += year < 70 ? 2000 : 1900 }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second)
    }

    private static func monthNumber(_ name: String) -> Int? {
        months.firstIndex(of: name.lowercased()).map { $0 + 1 }
    }

    /// Days from 1970-01-01 to the proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }
}
