import ListKit
import Tabular

/// The index's reading of a simple record: where it ends, whether it is UTF-8, and each
/// column's cells, found as its bytes are read 64 at a time. No list of fields is made and
/// read again: making one, marking its fields that are not ASCII, then measuring each was most
/// of the index of a large file.
///
/// Made once for a piece of the file and reused for each record: a width copied at every
/// record would be retained and released by every core at once.
struct SimpleRecordIndex: SimpleFieldVisitor {
    private let buffer: UnsafeBufferPointer<UInt8>
    private let delimiter: UInt8
    private let quote: UInt8
    private let columns: Int
    private let width: TextWidth
    private let measures: Bool
    /// Each column's cells in the record read last, when measured.
    let cells: UnsafeMutableBufferPointer<Int>
    /// The fields of the record being read so far.
    private var column = 0

    /// A reader of records of `columns` fields that measures them with `width` when `measures`
    /// (a width that gives ASCII a cell a byte); otherwise records are only read and checked.
    init(buffer: UnsafeBufferPointer<UInt8>, dialect: CSVDialect, columns: Int, width: TextWidth, measures: Bool) {
        self.buffer = buffer
        delimiter = dialect.delimiter
        quote = dialect.quote
        self.columns = columns
        self.width = width
        self.measures = measures
        cells = .allocate(capacity: columns)
        cells.initialize(repeating: 0)
    }

    func deallocate() { cells.deallocate() }

    /// Reads the record at `start` when it is simple (as `SimpleRecordScan` reads records), holds exactly `columns` fields, and each field that is not ASCII is UTF-8:
    /// where the next record starts, one line on, with the record's cells in ``cells``. Any
    /// other record gives `nil`, and the index reads it field by field, which finds and reports
    /// what is wrong with it.
    ///
    /// - Complexity: O(n) in the length of the record.
    @inline(__always)
    mutating func read(at start: Int) -> Int? {
        // A blank line is skipped or read as an empty record as the dialect says: left to the
        // record scan. (The bytes as numbers: a `package` constant is read through a call.)
        guard start < buffer.count, buffer[start] != 0x0A, buffer[start] != 0x0D else { return nil }
        column = 0
        let (buffer, delimiter, quote) = (buffer, delimiter, quote)
        let record = SimpleRecordScan.visit(
            in: buffer, from: start, before: buffer.count, delimiter: delimiter, quote: quote, visitor: &self)
        guard let record, column == columns else { return nil }
        return record.next
    }

    var marksNonASCII: Bool { true }

    @inline(__always)
    mutating func visit(content range: Range<Int>, quoted: Bool, nonASCII: Bool) -> SimpleFieldAnswer {
        guard column < columns else { return .refuse }
        if nonASCII {
            let bytes = UnsafeBufferPointer(rebasing: buffer[range])
            // A text of ASCII and CJK ideographs is UTF-8 as it is counted.
            if measures, let counted = width.ofASCIIAndIdeographs(utf8: bytes) {
                cells[column] = counted
            } else if UTF8Validation.isASCIIOrPlainThreeByte(buffer, from: range.lowerBound, to: range.upperBound)
                || UTF8Validation.firstInvalid(buffer, from: range.lowerBound, to: range.upperBound) == nil
            {
                if measures { cells[column] = width.of(utf8: bytes) }
            } else {
                return .refuse
            }
        } else if measures {
            cells[column] = range.upperBound &- range.lowerBound
        }
        column &+= 1
        return .next
    }
}
