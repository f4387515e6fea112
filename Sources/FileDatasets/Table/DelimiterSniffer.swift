import Tabular

/// Guesses the delimiter of a CSV-like file from its first records.
///
/// Each candidate (comma, tab, semicolon, pipe) splits the first records with full quoting
/// rules; the winner gives the same number of fields (more than one) in the most records,
/// then the most fields. Ties go to the earlier candidate.
enum DelimiterSniffer {
    static let candidates: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: "\t"), UInt8(ascii: ";"), UInt8(ascii: "|")]

    /// How much of the input is looked at.
    static let sampleBytes = 64 * 1024
    /// How many records are compared.
    static let sampleRecords = 20

    /// The most likely delimiter, or comma when no candidate splits the records.
    ///
    /// - Complexity: O(k) in the sample size.
    static func sniff(_ buffer: UnsafeBufferPointer<UInt8>) -> UInt8 {
        let sample = UnsafeBufferPointer(rebasing: buffer[0..<min(buffer.count, sampleBytes)])
        var best: (delimiter: UInt8, agreeing: Int, fields: Int)?
        for delimiter in candidates {
            let counts = fieldCounts(sample, dialect: CSVDialect(delimiter: delimiter))
            guard let first = counts.first, first > 1 else { continue }
            let agreeing = counts.filter { $0 == first }.count
            if let current = best, (agreeing, first) <= (current.agreeing, current.fields) { continue }
            best = (delimiter, agreeing, first)
        }
        return best?.delimiter ?? UInt8(ascii: ",")
    }

    private static func fieldCounts(_ sample: UnsafeBufferPointer<UInt8>, dialect: CSVDialect) -> [Int] {
        var cursor = CSVCursor(startOf: sample)
        var fields: [CSVField] = []
        var issues: [CSVIssue] = []
        var counts: [Int] = []
        while counts.count < sampleRecords,
            let span = CSVScanner.scanRecord(
                in: sample, cursor: &cursor, dialect: dialect, fields: &fields, issues: &issues)
        {
            // A record cut by the end of the sample says nothing.
            if span.byteRange.upperBound == sample.count, counts.count > 0 { break }
            counts.append(fields.count)
        }
        return counts
    }
}
