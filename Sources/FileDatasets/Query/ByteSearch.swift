import BrowseSupport
import Dispatch
import Synchronization

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole-buffer searches that find candidate rows for a filter without looking at each row.
///
/// Each search walks the buffer once; a hit is mapped to its row by binary search, and the
/// search then jumps to the next row, so a row is reported once however often it matches.
enum ByteSearch {
    /// Rows whose bytes contain `needle` (exactly, or in any ASCII case), in row order.
    ///
    /// The needle must not hold a line break, so no match spans two rows; a large table is
    /// searched in pieces of whole rows, one per core.
    ///
    /// - Parameters:
    ///   - isSure: Tells from the byte offset of a row's first match whether that match settles
    ///     the row; `nil` settles none.
    ///   - window: The bytes searched before the pages behind the search are let go.
    /// - Returns: The rows, and for each whether its match settled it.
    /// - Complexity: O(n) in the size of the buffer.
    static func rows(
        containing finder: ByteFinder, in table: FileTable, isSure: (@Sendable (Int) -> Bool)? = nil,
        window: Int = searchWindow, stop: StopFlag = .never
    ) -> (rows: [Int], sure: [Bool]) {
        let rowCount = table.rowCount
        let pieces = ParallelWork.pieces(for: rowCount)
        guard pieces > 1 else {
            return rows(containing: finder, in: table, rows: 0..<rowCount, isSure: isSure, window: window)
        }
        let parts = ParallelWork.map(pieces, stop: stop) { piece in
            rows(
                containing: finder, in: table, rows: ParallelWork.range(ofPiece: piece, of: pieces, count: rowCount),
                isSure: isSure, window: window)
        }
        return (parts.flatMap { $0?.rows ?? [] }, parts.flatMap { $0?.sure ?? [] })
    }

    /// Rows of `range` whose bytes contain the needle.
    private static func rows(
        containing finder: ByteFinder, in table: FileTable, rows range: Range<Int>, isSure: ((Int) -> Bool)?,
        window: Int
    ) -> (rows: [Int], sure: [Bool]) {
        guard !range.isEmpty else { return ([], []) }
        let end = range.upperBound < table.rowCount ? table.offset(ofRow: range.upperBound) : table.buffer.count
        var found: [Int] = []
        var sure: [Bool] = []
        var position = table.offset(ofRow: range.lowerBound)
        var releaser = PageReleaser(table.bytes, from: position, step: window)
        // Searched a window at a time, the pages behind let go after each, so that a search
        // of a large file does not make all of it this program's memory.
        while position < end {
            let windowEnd = min(end, position + window)
            // A match that starts in the window is found whole: the search reads past its end.
            let searched = UnsafeBufferPointer(
                rebasing: table.buffer[0..<min(end, windowEnd + finder.needle.count - 1)])
            if let hit = finder.firstIndex(in: searched, from: position), hit < windowEnd {
                let before = found.count
                position = record(hit: hit, in: table, found: &found)
                if found.count > before { sure.append(isSure?(hit) ?? false) }
            } else {
                position = windowEnd
            }
            releaser.reached(position)
        }
        return (found, sure)
    }

    /// The bytes a search reads before it lets the pages behind it go.
    static let searchWindow = 8 << 20

    /// Rows holding a character whose folded form has ASCII in it: full-width forms
    /// U+FF01–FF5E, U+212A KELVIN SIGN and U+0130 (`İ`). An ASCII query can match those rows
    /// without the rows holding its ASCII bytes.
    ///
    /// - Complexity: O(n) in the size of the buffer.
    static func rowsWithFoldSpecialCharacters(in table: FileTable) -> [Int] {
        let buffer = table.buffer
        guard let base = buffer.baseAddress, table.rowCount > 0 else { return [] }
        var rows = Set<Int>()
        let leads: [(UInt8, (UnsafeBufferPointer<UInt8>, Int) -> Bool)] = [
            (
                0xEF,
                { bytes, index in
                    guard index + 2 < bytes.count else { return false }
                    let second = bytes[index + 1]
                    let third = bytes[index + 2]
                    return (second == 0xBC && (0x81...0xBF).contains(third))
                        || (second == 0xBD && (0x80...0x9E).contains(third))
                }
            ),
            (0xE2, { bytes, index in index + 2 < bytes.count && bytes[index + 1] == 0x84 && bytes[index + 2] == 0xAA }),
            (0xC4, { bytes, index in index + 1 < bytes.count && bytes[index + 1] == 0xB0 }),
        ]
        // Read a window at a time, the pages behind let go after each, as the search is.
        var windowStart = table.offset(ofRow: 0)
        while windowStart < buffer.count {
            let windowEnd = min(buffer.count, windowStart + searchWindow)
            for (lead, isSpecial) in leads {
                var position = windowStart
                while position < windowEnd {
                    guard let hit = memchr(base + position, Int32(lead), windowEnd - position) else { break }
                    let index = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                    position = index + 1
                    if isSpecial(buffer, index), let row = table.row(containing: index) { rows.insert(row) }
                }
            }
            table.bytes.releaseResidentPages(in: windowStart..<windowEnd)
            windowStart = windowEnd
        }
        return rows.sorted()
    }

    /// Notes the row of a hit and returns where to search next: the start of the next row.
    private static func record(hit: Int, in table: FileTable, found: inout [Int]) -> Int {
        guard let row = table.row(containing: hit) else { return table.rowCount > 0 ? table.offset(ofRow: 0) : hit + 1 }
        if found.last != row { found.append(row) }
        let next = row + 1
        return next < table.rowCount ? max(hit + 1, table.offset(ofRow: next)) : table.buffer.count
    }
}
