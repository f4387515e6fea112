import BrowseSupport
import ListKit

/// The Republic of China (民國) calendar TWSE writes its dates in: year 1 is 1912, so
/// 114/06/02 is 2025-06-02. Every ROC form the exchanges write is read here: days
/// (`112年01月30日`, `112/01/30`, `1130205`), months (`114年06月`, `113/3`) and fiscal
/// quarters (`113/3`, `113Q3`); which of the last two `113/3` is depends on the column.
package enum ROCCalendar {
    /// Add this to an ROC year to get the Gregorian year.
    package static let yearOffset = 1911

    /// Parses an ROC date: `114/06/02`, `114-06-02`, `114年06月02日`, or the compact
    /// `1131029` (`yyyMMdd`; two-digit years as `991029`).
    ///
    /// Surrounding spaces are ignored. Returns `nil` for anything else, including days that do
    /// not exist and Gregorian dates such as `2025/06/02`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    package static func date<S: StringProtocol>(_ text: S) -> CalendarDate? {
        if let compact = compactDate(text.utf8) { return compact }
        let trimmed = text.trimming(" ")
        let parts = trimmed.split(omittingEmptySubsequences: false) { "/-年月日".contains($0) }
        var pieces = parts.map(String.init)
        if trimmed.hasSuffix("日"), pieces.last == "" { pieces.removeLast() }
        if pieces.count == 3 {
            guard (1...3).contains(pieces[0].count), (1...2).contains(pieces[1].count),
                (1...2).contains(pieces[2].count), let year = number(pieces[0]), let month = number(pieces[1]),
                let day = number(pieces[2]), year >= 1
            else { return nil }
            return CalendarDate(year: year + yearOffset, month: month, day: day)
        }
        guard pieces.count == 1, (6...7).contains(trimmed.count), let value = number(trimmed), value >= 10_000
        else { return nil }
        let year = value / 10_000
        guard year >= 1 else { return nil }
        return CalendarDate(year: year + yearOffset, month: value / 100 % 100, day: value % 100)
    }

    /// The common case, read from bytes without making strings: `yyyMMdd` or `yyy/MM/dd`
    /// (surrounding spaces allowed). `nil` when the text is anything else; `date` then tries the
    /// other forms.
    private static func compactDate<Bytes: Collection>(_ bytes: Bytes) -> CalendarDate? where Bytes.Element == UInt8 {
        var values = (0, 0, 0)
        var digits = (0, 0, 0)
        var part = 0
        for byte in bytes where byte != UInt8(ascii: " ") {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = Int(byte - UInt8(ascii: "0"))
                switch part {
                case 0: (values.0, digits.0) = (values.0 * 10 + digit, digits.0 + 1)
                case 1: (values.1, digits.1) = (values.1 * 10 + digit, digits.1 + 1)
                default: (values.2, digits.2) = (values.2 * 10 + digit, digits.2 + 1)
                }
                guard digits.0 <= 7, digits.1 <= 2, digits.2 <= 2 else { return nil }
            case UInt8(ascii: "/"):
                guard part < 2, (part == 0 ? digits.0 : digits.1) > 0 else { return nil }
                part += 1
            default:
                return nil
            }
        }
        if part == 2 {
            guard (1...3).contains(digits.0), digits.1 >= 1, digits.2 >= 1, values.0 >= 1 else { return nil }
            return CalendarDate(year: values.0 + yearOffset, month: values.1, day: values.2)
        }
        guard part == 0, (6...7).contains(digits.0), values.0 >= 10_000 else { return nil }
        return CalendarDate(year: values.0 / 10_000 + yearOffset, month: values.0 / 100 % 100, day: values.0 % 100)
    }

    /// Parses an ROC month: `114年06月`, `114/06` or `11406`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    package static func month<S: StringProtocol>(_ text: S) -> YearMonth? {
        let trimmed = text.trimming(" ")
        let parts = trimmed.split(omittingEmptySubsequences: false) { "/-年月".contains($0) }
        var pieces = parts.map(String.init)
        if trimmed.hasSuffix("月"), pieces.last == "" { pieces.removeLast() }
        if pieces.count == 2 {
            guard (1...3).contains(pieces[0].count), (1...2).contains(pieces[1].count),
                let year = number(pieces[0]), let month = number(pieces[1]), year >= 1
            else { return nil }
            return YearMonth(year: year + yearOffset, month: month)
        }
        guard pieces.count == 1, (4...5).contains(trimmed.count), let value = number(trimmed), value >= 100
        else { return nil }
        return YearMonth(year: value / 100 + yearOffset, month: value % 100)
    }

    /// Parses an ROC fiscal quarter: `113/3` (as BWIBBU_d's 財報年/季 writes it), `113Q3`,
    /// `113q3` or `113年第3季`.
    ///
    /// Surrounding spaces are ignored. Returns `nil` for anything else, including a quarter
    /// outside 1–4.
    ///
    /// - Complexity: O(n) in the length of `text`.
    package static func quarter<S: StringProtocol>(_ text: S) -> FiscalQuarter? {
        var trimmed = text.trimming(" ")
        if trimmed.hasSuffix("季") {
            trimmed = String(trimmed.dropLast())
            guard let range = trimmed.range(of: "年第") else { return nil }
            trimmed.replaceSubrange(range, with: "/")
        }
        let parts = trimmed.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "Q" || $0 == "q" }
        guard parts.count == 2, (1...3).contains(parts[0].count), parts[1].count == 1,
            let year = number(parts[0]), let quarter = number(parts[1]), year >= 1
        else { return nil }
        return FiscalQuarter(year: year + yearOffset, quarter: quarter)
    }

    /// A string of ASCII digits as a number; `nil` for anything else.
    static func number<S: StringProtocol>(_ text: S) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }
}
