extension CSVScanner {
    /// How many fields a record scan gathers before adding them to the caller's array: few
    /// enough to stay on the stack (1 KiB).
    private static let gathered = 32

    /// Reads the record at `start` when every field in it is well formed: unquoted without a
    /// quote, or quoted (doubled quotes and line breaks inside) and closed right before a
    /// delimiter, a line end or the end of the input. Such a record has no issue to report and
    /// is read as the field-by-field loop reads it.
    ///
    /// Fields are gathered on the stack and put in `fields` (whose old contents are replaced) a
    /// few dozen at once: appending each to the array checked that its storage was not shared,
    /// and its room, at every field. A record of as many fields as the one before, as nearly
    /// every record is, is written over that record's fields: emptying the array and appending
    /// to it cost a tenth of reading a record.
    ///
    /// - Returns: Where the record's bytes end, where the next record starts and how many
    ///   lines the record ends (quoted line breaks included); `nil` for a record with a
    ///   problem, leaving `fields` holding some of its fields.
    @inline(__always)
    static func scanWellFormedRecord(
        in buffer: UnsafeBufferPointer<UInt8>, from start: Int, dialect: CSVDialect, fields: inout [CSVField],
        fieldLimit: Int
    ) -> (end: Int, next: Int, lines: Int)? {
        // A window of the scan's own, which stays in registers: one the caller passed lived in
        // memory, and each block's stops reread the delimiter and quote right after storing its
        // start beside them (a load the store could not be forwarded to, a fifth of the scan).
        var window = StopWindow(delimiter: dialect.delimiter, quote: dialect.quote)
        return withUnsafeTemporaryAllocation(of: CSVField.self, capacity: gathered) { found in
            gatherWellFormedFields(
                in: buffer, from: start, dialect: dialect, window: &window, fields: &fields, found: found,
                fieldLimit: fieldLimit)
        }
    }

    /// ``scanWellFormedRecord(in:from:dialect:fields:fieldLimit:)`` with room on the
    /// stack for `found.count` fields at once.
    @inline(__always)
    private static func gatherWellFormedFields(
        in buffer: UnsafeBufferPointer<UInt8>, from start: Int, dialect: CSVDialect, window: inout StopWindow,
        fields: inout [CSVField], found: UnsafeMutableBufferPointer<CSVField>, fieldLimit: Int
    ) -> (end: Int, next: Int, lines: Int)? {
        let count = buffer.count
        let quote = dialect.quote
        let delimiter = dialect.delimiter
        var waiting = 0
        // True once a record of more than `found.count` fields has put some in `fields`.
        var spilled = false
        var taken = 0
        var lines = 0
        var fieldStart = start
        while true {
            let field: CSVField
            let end: Int
            if fieldStart < count, buffer[fieldStart] == quote {
                var index = fieldStart &+ 1
                var needsUnescaping = false
                while true {
                    index = window.nextQuoteOrLineEnd(in: buffer, from: index)
                    // A quote never closed.
                    guard index < count else { return nil }
                    if buffer[index] == quote {
                        guard index &+ 1 < count, buffer[index &+ 1] == quote else { break }
                        needsUnescaping = true
                        index &+= 2
                        continue
                    }
                    // A line break inside the quotes: CRLF counts once, at its LF.
                    if buffer[index] == ASCII.lineFeed || index &+ 1 >= count || buffer[index &+ 1] != ASCII.lineFeed {
                        lines &+= 1
                    }
                    index &+= 1
                }
                end = index &+ 1
                if end < count {
                    // Text after the closing quote.
                    let next = buffer[end]
                    guard next == delimiter || next == ASCII.lineFeed || next == ASCII.carriageReturn else {
                        return nil
                    }
                }
                field = CSVField(
                    contentRange: (fieldStart &+ 1)..<index, isQuoted: true, needsUnescaping: needsUnescaping)
            } else {
                end = window.nextStop(in: buffer, from: fieldStart)
                // A quote inside an unquoted field.
                if end < count, buffer[end] == quote { return nil }
                field = CSVField(contentRange: fieldStart..<end, isQuoted: false, needsUnescaping: false)
            }
            if waiting == found.count {
                if !spilled { fields.removeAll(keepingCapacity: true) }
                spilled = true
                fields.append(contentsOf: found)
                waiting = 0
            }
            found.initializeElement(at: waiting, to: field)
            waiting &+= 1
            taken &+= 1
            guard end < count, taken < fieldLimit else {
                put(UnsafeBufferPointer(rebasing: found[..<waiting]), into: &fields, spilled: spilled)
                return (end, end, lines)
            }
            let byte = buffer[end]
            if byte == delimiter {
                fieldStart = end &+ 1
                continue
            }
            var next = end &+ 1
            if byte == ASCII.carriageReturn, next < count, buffer[next] == ASCII.lineFeed { next &+= 1 }
            put(UnsafeBufferPointer(rebasing: found[..<waiting]), into: &fields, spilled: spilled)
            return (end, next, lines &+ 1)
        }
    }

    /// Puts a record's last gathered fields in `fields`: after those of the record it already
    /// holds when `spilled`, else in place of what it holds, written over it when as many.
    @inline(__always)
    static func put(_ found: UnsafeBufferPointer<CSVField>, into fields: inout [CSVField], spilled: Bool) {
        if !spilled, fields.count == found.count {
            fields.withUnsafeMutableBufferPointer { fields in
                if let target = fields.baseAddress, let source = found.baseAddress {
                    target.update(from: source, count: found.count)
                }
            }
            return
        }
        if !spilled { fields.removeAll(keepingCapacity: true) }
        fields.append(contentsOf: found)
    }
}
