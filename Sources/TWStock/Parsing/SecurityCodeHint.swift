/// Finds the security code in the name of a per-stock file that does not name its security
/// inside (saved from the English page, or re-saved by a spreadsheet without its title line):
/// `STOCK_DAY_2330_202107.csv`, `0050 2025-06.csv`, `2926.json`.
package enum SecurityCodeHint {
    /// The one code the file name holds, or `nil` when it holds none or more than one.
    ///
    /// Words of 4–6 letters and digits that start with a digit are codes; a six-digit word that
    /// reads as a month (`202107`) is not, and a four-digit year (`2021`) is not when another
    /// word is a code.
    ///
    /// - Parameter name: A file name or path; only the last component is read.
    package static func code(fromFileName name: String) -> StockCode? {
        let base = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? name
        let stem = base.split(separator: ".").dropLast(base.contains(".") ? 1 : 0).joined(separator: ".")
        let words = stem.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
        var candidates = words.filter { word in
            guard let first = word.first, first.isNumber, StockCode(word) != nil else { return false }
            return !isMonth(word)
        }
        if candidates.count > 1 { candidates.removeAll(where: isYear) }
        let unique = Array(Set(candidates))
        return unique.count == 1 ? StockCode(unique[0]) : nil
    }

    /// `yyyyMM` between 1990 and 2199.
    private static func isMonth(_ word: String) -> Bool {
        guard word.count == 6, let number = Int(word) else { return false }
        return (1990...2199).contains(number / 100) && (1...12).contains(number % 100)
    }

    private static func isYear(_ word: String) -> Bool {
        guard word.count == 4, let number = Int(word) else { return false }
        return (1990...2199).contains(number)
    }
}
