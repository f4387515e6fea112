import Tabular

/// A folded filter text, analysed for the fastest safe way to find it in a file's raw bytes.
///
/// The filter must keep exactly the rows whose folded text contains the query. A byte search
/// of the raw file may only be used to choose *candidates*, and it must never miss a row:
///
/// - A run of CJK, kana or Hangul characters folds only from itself (no other character
///   lower-cases or narrows to one), so any matching row holds the run's bytes as they are:
///   ``Prefilter-swift.enum/literal(_:)``.
/// - Pure ASCII text without spaces, quotes, line breaks or the delimiter comes from ASCII
///   letters in either case, or from the few characters that fold to ASCII (full-width forms,
///   `K` KELVIN SIGN, `İ`): ``Prefilter-swift.enum/caseless(_:)`` plus the rows that hold those.
/// - Anything else is checked row by row.
///
/// Every candidate is then checked exactly by ``RowMatcher``.
struct FoldedNeedle {
    /// How candidates are found.
    enum Prefilter {
        /// Rows whose raw bytes contain these bytes exactly.
        case literal([UInt8])
        /// Rows whose raw bytes contain these ASCII bytes in any case, plus rows with characters
        /// that fold to ASCII.
        case caseless([UInt8])
        /// Every row is a candidate.
        case none
    }

    /// The folded query, as the controller gives it.
    let query: String
    /// Its UTF-8 bytes.
    let bytes: [UInt8]
    /// The first and last scalar, for checking that a match does not split a character.
    let firstScalar: UInt32
    let lastScalar: UInt32
    let prefilter: Prefilter

    init(foldedQuery: String, dialect: CSVDialect) {
        query = foldedQuery
        bytes = Array(foldedQuery.utf8)
        firstScalar = foldedQuery.unicodeScalars.first?.value ?? 0
        lastScalar = foldedQuery.unicodeScalars.last?.value ?? 0
        prefilter = Self.prefilter(foldedQuery, dialect: dialect)
    }

    private static func prefilter(_ query: String, dialect: CSVDialect) -> Prefilter {
        var best: [UInt8] = []
        var run: [UInt8] = []
        for scalar in query.unicodeScalars {
            if isRigid(scalar.value) {
                run.append(contentsOf: String(scalar).utf8)
                if run.count > best.count { best = run }
            } else {
                run.removeAll()
            }
        }
        if !best.isEmpty { return .literal(best) }
        let utf8 = Array(query.utf8)
        let structural: Set<UInt8> = [
            ASCII.space, ASCII.lineFeed, ASCII.carriageReturn, dialect.quote, dialect.delimiter, 0,
        ]
        if !utf8.isEmpty, utf8.allSatisfy({ $0 < 0x80 && !structural.contains($0) }) { return .caseless(utf8) }
        return .none
    }

    /// True for characters that only fold from themselves: kana, CJK ideographs, Hangul
    /// syllables. (Checked against every scalar's lowercase mapping and the width folding.)
    static func isRigid(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x3041...0x3096, 0x30A1...0x30FA, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3: return true
        default: return false
        }
    }
}
