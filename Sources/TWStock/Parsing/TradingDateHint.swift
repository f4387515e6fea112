import BrowseSupport
import Foundation
import ListKit

/// Finds a STOCK_DAY_ALL file's trading day where TWSE puts it: in the download's file name.
///
/// The open_data CSV carries no date; TWSE's response names it in
/// `Content-Disposition: attachment; filename=STOCK_DAY_ALL_20250304.csv`, and a user's saved
/// copy usually keeps that name.
package enum TradingDateHint {
    /// The date in a `Content-Disposition` header value.
    ///
    /// Reads `filename=…` (quoted or not) and `filename*=UTF-8''…` (RFC 6266, percent-encoded),
    /// then looks for the date as ``date(fromFileName:)`` does.
    ///
    /// ```swift
    /// TradingDateHint.date(fromContentDisposition: "attachment; filename=STOCK_DAY_ALL_20250304.csv")
    /// // 2025-03-04
    /// ```
    ///
    /// - Returns: The date, or `nil` when the header names no file with a date.
    package static func date(fromContentDisposition value: String) -> CalendarDate? {
        var plain: String?
        var extended: String?
        for parameter in value.split(separator: ";") {
            let parts = parameter.split(separator: "=", maxSplits: 1).map { $0.trimming(" \t") }
            guard parts.count == 2 else { continue }
            let name = parts[0].lowercased()
            var text = parts[1]
            if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
                text = String(text.dropFirst().dropLast())
            }
            if name == "filename*" {
                let encoded = text.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false).last
                extended = encoded.map(String.init).flatMap { $0.removingPercentEncoding }
            } else if name == "filename" {
                plain = text
            }
        }
        return (extended ?? plain).flatMap(date(fromFileName:))
    }

    /// The date in a file name: `STOCK_DAY_ALL_20250304.csv`, `STOCK_DAY_ALL_20250304 (1).csv`,
    /// or any name with one `yyyyMMdd` or `yyyy-MM-dd` date in it.
    ///
    /// A name with only a month (`STOCK_DAY_ALL_2019-05.csv`) or no date gives `nil`; so does a
    /// run of digits that is not a real date between 1990 and 2199.
    ///
    /// - Parameter name: A file name or path; only the last component is read.
    package static func date(fromFileName name: String) -> CalendarDate? {
        let base = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? name
        let characters = Array(base)
        var index = 0
        while index < characters.count {
            guard characters[index].isASCII, characters[index].isNumber else {
                index += 1
                continue
            }
            var end = index
            while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
            let run = String(characters[index..<end])
            if run.count == 8, let date = plausible(CalendarDate(iso: run)) {
                return date
            }
            // yyyy-MM-dd or yyyy_MM_dd
            if run.count == 4, end + 6 <= characters.count {
                let candidate = String(characters[index..<min(end + 6, characters.count)])
                let separator = characters[end]
                if separator == "-" || separator == "_", characters[end + 3] == separator,
                    end + 6 == characters.count || !(characters[end + 6].isASCII && characters[end + 6].isNumber),
                    let date = plausible(CalendarDate(iso: candidate.replacingOccurrences(of: "_", with: "-")))
                {
                    return date
                }
            }
            index = end
        }
        return nil
    }

    private static func plausible(_ date: CalendarDate?) -> CalendarDate? {
        guard let date, (1990...2199).contains(date.year) else { return nil }
        return date
    }
}
