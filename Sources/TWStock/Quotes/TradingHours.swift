import Foundation
import ListKit

/// When the exchange trades: weekdays 09:00 to 13:30 Taipei time. Holidays are not known here;
/// on one the service's quotes keep the last close's time, which the status shows.
package enum TradingHours {
    /// True when `instant` is within a weekday's session.
    package static func isOpen(at instant: Date) -> Bool {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + 8 * 3600
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        // 1970-01-01 was a Thursday: with Monday as 0, it is 3.
        let weekday = ((days + 3) % 7 + 7) % 7
        let second = seconds - days * 86_400
        return weekday < 5 && second >= 9 * 3600 && second < 13 * 3600 + 30 * 60
    }
}
