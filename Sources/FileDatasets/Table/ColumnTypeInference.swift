/// Infers each column's type from a sample of its values.
///
/// A column is numeric when at least 99% of its sampled present values are numbers (so a rare
/// `X0.00` does not turn prices into text), a date column when as many are days, a date-time or
/// time column only when every one is a date-time (`2025-06-02T13:30`) or a time of day
/// (`13:30`), and text otherwise. Numbers with a leading zero (`0050`) are codes and count as text. Values that do not
/// fit their column's type are kept as text cells; missing values (`--`, empty) do not count.
struct ColumnTypeInference {
    private struct Counts {
        var present = 0
        var numbers = 0
        var fractions = 0
        var dates = 0
        /// Dates written as eight digits, which are also integers.
        var compactDates = 0
        /// Date-times and times of day: counted only while every present value is one, since
        /// one misfit settles that the column is neither (and its later values need no parse).
        var dateTimes = 0
        var times = 0
    }

    private var counts: [Counts]

    /// Present values a type may miss and still be the column's type: one in a hundred.
    private static let toleratedMisfits = 0.01

    init(columns: Int) {
        counts = Array(repeating: Counts(), count: columns)
    }

    /// Counts one sampled value of `column`.
    ///
    /// - Complexity: O(n) in the length of the value.
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, column: Int) {
        guard column < counts.count, !FieldParser.isMissing(bytes) else { return }
        counts[column].present += 1
        if let number = FieldParser.decimal(bytes), !FieldParser.hasLeadingZero(bytes) {
            counts[column].numbers += 1
            if number.scale > 0 { counts[column].fractions += 1 }
            if bytes.count == 8, FieldParser.date(bytes) != nil { counts[column].compactDates += 1 }
        } else if FieldParser.date(bytes) != nil {
            counts[column].dates += 1
        } else if counts[column].dateTimes == counts[column].present - 1, FieldParser.dateTime(bytes) != nil {
            counts[column].dateTimes += 1
        } else if counts[column].times == counts[column].present - 1, FieldParser.time(bytes) != nil {
            counts[column].times += 1
        }
    }

    /// Adds the counts of another sample of the same columns.
    mutating func merge(_ other: ColumnTypeInference) {
        for column in counts.indices where column < other.counts.count {
            counts[column].present += other.counts[column].present
            counts[column].numbers += other.counts[column].numbers
            counts[column].fractions += other.counts[column].fractions
            counts[column].dates += other.counts[column].dates
            counts[column].compactDates += other.counts[column].compactDates
            counts[column].dateTimes += other.counts[column].dateTimes
            counts[column].times += other.counts[column].times
        }
    }

    /// The inferred types, one per column.
    var types: [ColumnType] {
        counts.map { count in
            guard count.present > 0 else { return .text }
            if count.dateTimes == count.present { return .dateTime }
            if count.times == count.present { return .time }
            let needed = Double(count.present) * (1 - Self.toleratedMisfits)
            // Eight-digit values are days only when every number of the column is one.
            let allDays = count.compactDates > 0 && count.compactDates == count.numbers
            if Double(count.dates + (allDays ? count.compactDates : 0)) >= needed,
                count.dates > 0 || allDays
            {
                return .date
            }
            if Double(count.numbers) >= needed { return count.fractions > 0 ? .decimal : .integer }
            return .text
        }
    }
}
