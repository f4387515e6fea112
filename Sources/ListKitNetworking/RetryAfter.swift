import Foundation

/// Reads a `Retry-After` header: a number of seconds, or an HTTP date (RFC 9110 §10.2.3).
enum RetryAfter {
    /// The seconds to wait, rounded up; `nil` for a value that is not positive, not a number or
    /// date, or a date already past, so a message never says "wait -5 s".
    ///
    /// - Parameter now: The time the answer arrived, for a date.
    static func seconds(from value: String, now: Date) -> Int? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard let seconds = Int(text), seconds > 0 else { return nil }
            return seconds
        }
        for format in formats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) {
                let seconds = date.timeIntervalSince(now).rounded(.up)
                guard seconds >= 1, seconds < Double(Int32.max) else { return nil }
                return Int(seconds)
            }
        }
        return nil
    }

    /// The three date forms HTTP allows: IMF-fixdate, RFC 850 and asctime.
    private static let formats = [
        "EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy",
    ]
}
