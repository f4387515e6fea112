import BrowseSupport
import ListKit
import Tabular

/// Turns the exchanges' raw field text into clean values: trimmed text, integers, prices,
/// changes and dates. Shared by every parser so that all files read the same way.
enum FieldText {
    /// The text trimmed of padding, with runs of padding inside collapsed to one space;
    /// `nil` when the exchange's missing-value rule says there is nothing (`"－ "`, `"--"`).
    ///
    /// `"KY 開曼群島      "` gives `"KY 開曼群島"`; `"新台幣                 10.0000元"` gives
    /// `"新台幣 10.0000元"`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    static func clean(_ text: String) -> String? {
        if isAlreadyClean(text) { return text }
        if MissingValueRule.exchange.isMissing(text) { return nil }
        // Works on scalars: comparing Characters goes through normalization and is far slower.
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if MissingValueRule.isPadding(scalar) {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.append(" ")
                pendingSpace = false
            }
            result.append(scalar)
        }
        return String(result)
    }

    /// True when `text` has no padding and is not only dashes, so `clean` may return it as is
    /// (most fields): a scan of the UTF-8 bytes, without building anything.
    private static func isAlreadyClean(_ text: String) -> Bool {
        // The bytes in place (a string made from a file's field always has them).
        let unpadded = text.utf8.withContiguousStorageIfAvailable(hasNoPadding) ?? hasNoPadding(Array(text.utf8))
        return unpadded && !text.unicodeScalars.allSatisfy(MissingValueRule.isPlaceholderDash)
    }

    /// Single spaces between words are clean; a space at either end, two in a row, any other
    /// padding, or nothing at all needs the full pass.
    private static func hasNoPadding<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        var first = true
        for byte in bytes {
            switch byte {
            case 0x20:
                if first || previous == 0x20 { return false }
            case 0x09, 0x0A, 0x0D: return false
            case 0xA0 where previous == 0xC2: return false  // U+00A0
            case 0x80 where previous == 0x80 && beforePrevious == 0xE3: return false  // U+3000
            default: break
            }
            first = false
            beforePrevious = previous
            previous = byte
        }
        return previous != 0x20 && !first
    }

    /// True when a numeric field says "no value": empty, padding only, or dashes only.
    static func isAbsent(_ text: String) -> Bool {
        clean(text) == nil
    }

    /// An integer such as `259327332420`, `"14,304,763"` or `" 1 "`; `nil` when absent.
    ///
    /// - Throws: ``UnreadableRow`` when the text is there but is not a whole number.
    static func integer(_ text: String, column: String) throws(UnreadableRow) -> Int64? {
        guard let cleaned = clean(text) else { return nil }
        guard cleaned.utf8.first != UInt8(ascii: "+"), let decimal = ExactDecimal(cleaned), decimal.scale == 0
        else { throw UnreadableRow("\(column) \"\(text)\" is not a whole number") }
        return decimal.units
    }

    /// A count that cannot be negative (shares, NT$, trades); `nil` when absent.
    ///
    /// - Throws: ``UnreadableRow`` for text that is not a whole number, or a negative one.
    static func count(_ text: String, column: String) throws(UnreadableRow) -> Int64? {
        guard let value = try integer(text, column: column) else { return nil }
        guard value >= 0 else { throw UnreadableRow("\(column) \"\(text)\" is negative") }
        return value
    }

    /// A price such as `"1,045.00"` or `"23.63"`; `nil` when the security did not trade:
    /// an empty field, `--`, or a zero price (the old STOCK_DAY_ALL writes `0.00` for no trade,
    /// and no security ever trades at zero).
    ///
    /// - Throws: ``UnreadableRow`` when the text is not a non-negative decimal.
    static func price(_ text: String, column: String) throws(UnreadableRow) -> ExactDecimal? {
        guard let cleaned = clean(text) else { return nil }
        guard cleaned.utf8.first != UInt8(ascii: "+"), let value = ExactDecimal(cleaned), value.signum >= 0 else {
            throw UnreadableRow("\(column) \"\(text)\" is not a price")
        }
        return value.isZero ? nil : value
    }

    /// A change such as `+0.30`, `-3.50`, `" 0.00"`, `X0.00`, `"1.3000"` or `"-20.0000"`.
    ///
    /// - Throws: ``UnreadableRow`` when the text is none of these.
    static func change(_ text: String, column: String) throws(UnreadableRow) -> PriceChange {
        guard let change = PriceChange(exchangeText: text) else {
            throw UnreadableRow("\(column) \"\(text)\" is not a price change")
        }
        return change
    }

    /// A Gregorian `yyyyMMdd` date (`19870221`), as mopsfin writes founding and listing dates;
    /// `nil` when absent.
    ///
    /// - Throws: ``UnreadableRow`` when the text is there but is not such a date.
    static func compactDate(_ text: String, column: String) throws(UnreadableRow) -> CalendarDate? {
        guard let cleaned = clean(text) else { return nil }
        guard cleaned.count == 8, let date = CalendarDate(iso: cleaned) else {
            throw UnreadableRow("\(column) \"\(text)\" is not a yyyyMMdd date")
        }
        return date
    }

    /// A trading-day date in a per-stock report: ROC `110/07/01` in the Chinese reports,
    /// Gregorian `2021/07/01` in the English ones (a four-digit year is Gregorian).
    ///
    /// - Throws: ``UnreadableRow`` when the text is neither.
    static func tradingDate(_ text: String, column: String) throws(UnreadableRow) -> CalendarDate {
        let cleaned = clean(text) ?? ""
        let firstPart = cleaned.prefix { $0 != "/" && $0 != "-" }
        let date = firstPart.count == 4 ? CalendarDate(iso: cleaned) : ROCCalendar.date(cleaned)
        guard let date else { throw UnreadableRow("\(column) \"\(text)\" is not a date") }
        return date
    }
}

extension StringProtocol {
    /// The text without leading and trailing characters from `set`.
    ///
    /// `set` is a few characters, so it is searched as it is: hashing it into a `Set` on every
    /// call cost more than the trimming.
    func trimming(_ set: String) -> String {
        let scalars = unicodeScalars
        let trimmed = set.unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, trimmed.contains(scalars[start]) { start = scalars.index(after: start) }
        while end > start, trimmed.contains(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        if start == scalars.startIndex, end == scalars.endIndex { return String(self) }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[start..<end])
        return String(result)
    }
}
