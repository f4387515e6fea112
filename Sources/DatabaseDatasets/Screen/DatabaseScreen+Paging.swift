import BrowseSupport
import ListKit

extension DatabaseScreen: PageFailureReporting {
    package func takePageFailure() -> (any Error)? {
        defer { pageFailure = nil }
        return pageFailure.map(Self.listError)
    }

    /// Rows fetched beyond those asked for, so paging on reads ahead.
    static let readAhead = 100

    package func rows(in range: Range<Int>) -> [[NamedCell]] {
        let range = max(0, range.lowerBound)..<min(count, range.upperBound)
        guard let view, !range.isEmpty else { return [] }
        if !window.covers(range) {
            do throws(DatabaseError) {
                try fill(range, view: view)
            } catch {
                // The rows read before stay (a failed read leaves the window as it was): the
                // position goes back to them, and the failure is said once under them.
                pageFailure = error
                noteFailure(error)
                position = lastReadPosition
                return []
            }
        }
        lastReadPosition = position
        let names = view.columns.map(\.name)
        let kinds = view.columns.map(\.kind)
        return (range.lowerBound..<min(range.upperBound, window.end)).map { index in
            let row = window.rows[index - window.start]
            return names.indices.map { NamedCell(names[$0], DatabaseCells.cell(row[$0], kind: kinds[$0])) }
        }
    }

    /// Reads the rows of `range` into the window: after its last row or before its first when
    /// they touch it, from either end of the view by key, else by skipping rows.
    private func fill(_ range: Range<Int>, view: DatabaseView) throws(DatabaseError) {
        let keyed = !view.key.isEmpty
        let touches = !window.rows.isEmpty && range.lowerBound <= window.end && range.upperBound >= window.start
        if keyed, touches {
            if range.upperBound > window.end, let last = window.rows.last {
                let limit = range.upperBound - window.end + Self.readAhead
                let statement = compiler.page(view, after: compiler.boundary(of: last, in: view), limit: limit)
                window.rows += try Self.fetch(statement, in: connection, stop: .never)
            }
            if range.lowerBound < window.start, let first = window.rows.first {
                let limit = min(window.start, window.start - range.lowerBound + Self.readAhead)
                let statement = compiler.page(
                    view, after: compiler.boundary(of: first, in: view), backwards: true, limit: limit)
                let earlier = try Self.fetch(statement, in: connection, stop: .never)
                window.rows.insert(contentsOf: earlier.reversed(), at: 0)
                window.start -= earlier.count
            }
            window.trim(around: range)
            return
        }
        let fromEnd = count - range.lowerBound
        if fromEnd < range.lowerBound {
            // Nearer the end: the order read backwards (the last page costs what the first does).
            let skip = count - range.upperBound
            let limit = min(count - skip, range.count + Self.readAhead)
            let statement = compiler.page(view, backwards: keyed, limit: limit, offset: keyed ? skip : 0)
            if keyed {
                let rows = try Self.fetch(statement, in: connection, stop: .never)
                window = DatabaseWindow(start: count - skip - rows.count, rows: rows.reversed())
                return
            }
        }
        let start = max(0, range.lowerBound - (keyed ? 0 : 0))
        let statement = compiler.page(view, limit: range.count + Self.readAhead, offset: start)
        window = DatabaseWindow(start: start, rows: try Self.fetch(statement, in: connection, stop: .never))
    }
}
