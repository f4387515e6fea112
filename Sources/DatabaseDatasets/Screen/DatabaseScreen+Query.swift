import BrowseSupport
import ListKit

extension DatabaseScreen {
    package func applyFilter(_ text: String, stop: StopFlag) throws {
        guard var changed = view else { return }
        changed.filter = text
        try show(changed, counting: true, stop: stop)
    }

    package func applyWhere(_ expression: WhereExpression?, stop: StopFlag) throws {
        guard var changed = view else { return }
        changed.condition = expression
        try show(changed, counting: true, stop: stop)
    }

    package func applySort(_ order: SortOrder?, stop: StopFlag) throws(ListError) {
        guard var changed = view else { return }
        if let order {
            do {
                let column = try column(named: order.column)
                changed.sort = SortOrder(column: column.name, descending: order.descending)
            } catch {
                throw error
            }
        } else {
            changed.sort = nil
        }
        do {
            try show(changed, counting: false, stop: stop)
        } catch let error as ListError {
            throw error
        } catch {
            throw .cannotSort("\(error)")
        }
    }

    /// Makes `changed` the view, from its first page: nothing changes when a statement fails or
    /// is stopped.
    private func show(_ changed: DatabaseView, counting: Bool, stop: StopFlag) throws {
        if counting { exactCountStop.raise() }
        do throws(DatabaseError) {
            let total = counting ? try Self.count(compiler.count(changed), in: connection, stop: stop) : count
            let first = try Self.fetch(compiler.page(changed, limit: Self.readAhead * 2), in: connection, stop: stop)
            view = changed
            count = total
            if counting {
                countIsEstimate = false
                // Every row counted: the total is exact too.
                if changed.condition == nil, changed.filter.isEmpty {
                    totalCount = total
                    totalCountIsEstimate = false
                }
            }
            window = DatabaseWindow(start: 0, rows: first)
            failure = nil
            pageFailure = nil
            move(to: 0)
            lastReadPosition = 0
            viewVersion += 1
        } catch {
            noteFailure(error)
            // The view stays as it was, and so does its estimate: count it again.
            if counting, countIsEstimate, let view { countExactlyInBackground(view) }
            throw Self.listError(error)
        }
    }

    package func forEachRow(_ body: ([NamedCell]) throws -> Void) rethrows {
        guard let view else { return }
        let names = view.columns.map(\.name)
        let kinds = view.columns.map(\.kind)
        func cells(_ fields: [String?]) -> [NamedCell] {
            names.indices.map { NamedCell(names[$0], DatabaseCells.cell(fields[$0], kind: kinds[$0])) }
        }
        guard !view.key.isEmpty else {
            // Without a key, pages could only skip rows (each page reading all those before it):
            // one statement streams them instead. A failure ends the rows there, and is the
            // screen's ``dataProblem``; what the body throws is thrown on.
            var thrown: (any Error)?
            do {
                try connection.run(compiler.rows(view, columns: names), stop: .never) { fields in
                    do {
                        try body(cells(fields))
                    } catch {
                        thrown = error
                        throw error
                    }
                }
            } catch {
                if thrown == nil {
                    let failed = error as? DatabaseError ?? DatabaseError(.statement(position: nil), "\(error)")
                    failure = failed
                    noteFailure(failed)
                }
            }
            if let thrown { try withoutActuallyEscaping(body) { _ in throw thrown } }
            return
        }
        // A page at a time, by key: the rows held never outgrow one page. A failed page ends
        // the rows there, and is the screen's ``dataProblem``, which an export then throws.
        var boundary: PageBoundary?
        while true {
            let statement = compiler.page(view, after: boundary, limit: ExportRowLimits.blockRows)
            let page: [[String?]]
            do throws(DatabaseError) {
                page = try Self.fetch(statement, in: connection, stop: .never)
            } catch {
                failure = error
                noteFailure(error)
                return
            }
            for fields in page { try body(cells(fields)) }
            guard page.count == ExportRowLimits.blockRows, let last = page.last else { return }
            boundary = compiler.boundary(of: last, in: view)
        }
    }

    package func forEachValues(of columns: [String], stop: StopFlag, _ body: ([CellValue]) -> Void) throws {
        guard let view else { return }
        let kinds = columns.map { name in view.columns.first { $0.name == name }?.kind ?? .text }
        do throws(DatabaseError) {
            try Self.run(compiler.rows(view, columns: columns), in: connection, stop: stop) { fields in
                body(kinds.indices.map { DatabaseCells.value(fields[$0], kind: kinds[$0]) })
            }
        } catch {
            noteFailure(error)
            throw Self.listError(error)
        }
    }

    package func widestTexts(of columns: [String], width: TextWidth, stop: StopFlag) throws -> [Int] {
        // Widths follow the pages shown (``widthsFollowPages``): a pass over every row of a
        // table of millions is what a database screen never makes before its first page.
        columns.map { _ in 0 }
    }

    package func select(at index: Int) throws -> Selection {
        guard let row = rows(in: index..<(index + 1)).first else { return .none }
        if let drill, let selection = try drill(row) { return selection }
        return .detail(Detail(title: "row \(index + 1)", fields: row.map { Detail.Field($0.name, $0.cell.text) }))
    }
}
