extension CSVScanner {
    /// How many fields a record scan gathers before adding them to the caller's array: few
    /// enough to stay on the stack (1 KiB).
    private static let gathered = 32

    /// Reads the record at `start` when every field in it is well formed: unquoted without a
    /// quote, or quoted (doubled quotes and line breaks inside) and closed right before a
    /// delimiter, a line end or the end of the input. Such a record has no issue to report and
    /// is read as the field-by-field loop reads it.
    ///
    /// Fields are gathered on the stack and added to `fields` (empty when called) a few dozen at
    /// once: appending each to the array checked that its storage was not shared, and its room,
    /// at every field.
    ///
    /// - Returns: Where the record's bytes end, where the next record starts and how many
    ///   lines the record ends (quoted line breaks included); `nil` for a record with a
    ///   problem, leaving `fields` holding some of its fields.
    @inline(__always)
    static func scanWellFormedRecord(
        in buffer: UnsafeBufferPointer<UInt8>, from start: Int, dialect: CSVDialect, window: inout StopWindow,
        fields: inout [CSVField], fieldLimit: Int
    ) -> (end: Int, next: Int, lines: Int)? {
        withUnsafeTemporaryAllocation(of: CSVField.self, capacity: gathered) { found in
            gatherWellFormedFields(
                in: buffer, from: start, dialect: dialect, window: &window, fields: &fields, found: found,
                fieldLimit: fieldLimit)
        }
    }

    /// ``scanWellFormedRecord(in:from:dialect:window:fields:fieldLimit:)`` with room on the
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
                fields.append(contentsOf: found)
                waiting = 0
            }
            found.initializeElement(at: waiting, to: field)
            waiting &+= 1
            taken &+= 1
            guard end < count, taken < fieldLimit else {
                fields.append(contentsOf: UnsafeBufferPointer(rebasing: found[..<waiting]))
                return (end, end, lines)
            }
            let byte = buffer[end]
            if byte == delimiter {
                fieldStart = end &+ 1
                continue
            }
            var next = end &+ 1
            if byte == ASCII.carriageReturn, next < count, buffer[next] == ASCII.lineFeed { next &+= 1 }
            fields.append(contentsOf: UnsafeBufferPointer(rebasing: found[..<waiting]))
            return (end, next, lines &+ 1)
        }
    }
}
