import BrowseSupport

/// Filter, `where`, sort and scope: each makes the view again from the items, through the
/// store's fast paths where it has them and the rows' cells where it does not.
extension GenericListController {
    public func applyFilter(_ text: String, stop: StopFlag) throws {
        let folded = TextFolding.fold(text)
        let previous = TextFolding.fold(filterText)
        // A narrower filter only needs to look at the rows the current one kept.
        let narrowing = !previous.isEmpty && TextFolding.folded(folded, contains: previous) && sortOrder == nil
        let view = try makeView(
            filter: text, where: whereExpression, sort: sortOrder, narrowingFrom: narrowing ? store.view : nil,
            stop: stop, keepingFailedSort: false)
        filterText = text
        show(view, fromTheTop: true)
    }

    public func applyWhere(_ expression: WhereExpression?, stop: StopFlag) throws {
        let view = try makeView(
            filter: filterText, where: expression, sort: sortOrder, stop: stop, keepingFailedSort: false)
        whereExpression = expression
        show(view, fromTheTop: true)
    }

    public func applySort(_ order: SortOrder?, stop: StopFlag) throws(ListError) {
        guard var order else {
            do {
                let view = try makeView(filter: filterText, where: whereExpression, sort: nil, stop: .never)
                sortOrder = nil
                show(view, fromTheTop: true)
            } catch {
                throw .cannotSort(String(describing: error))
            }
            return
        }
        guard !items.isEmpty else { throw .nothingToSort }
        order.column = try column(named: order.column).name
        // A sort of every item first makes a list of them all: ask for it where a refusal can be
        // said, rather than let a failed allocation end the program.
        if store.view == nil, !SystemMemory.isAvailable(items.count * 2 * MemoryLayout<Int>.stride) {
            throw .cannotSort("not enough memory to sort \(items.count) rows")
        }
        let view: [Int]?
        do {
            view = try makeView(filter: filterText, where: whereExpression, sort: order, stop: stop)
        } catch let error as ListError {
            throw error
        } catch {
            throw .cannotSort(String(describing: error))
        }
        sortOrder = order
        show(view, fromTheTop: true)
    }

    /// Narrows the view to items for which `predicate` is true (`nil` shows all), keeping the filter.
    ///
    /// - Complexity: O(n).
    package func applyScope(_ predicate: ((T) -> Bool)?) {
        scope = predicate
        rebuildView()
    }

    /// Makes the view again after the items changed (a load, a batch), keeping the filter,
    /// `where` and sort. It cannot be stopped; a sort that fails here leaves the rows in their
    /// natural order.
    func rebuildView() {
        let view = try? makeView(
            filter: filterText, where: whereExpression, sort: sortOrder, stop: .never, keepingFailedSort: false)
        show(view ?? nil, fromTheTop: false)
    }

    /// Makes `view` the view; the first row is shown for a new question, else the anchored row.
    private func show(_ view: [Int]?, fromTheTop: Bool) {
        store.setView(view)
        viewVersion += 1
        scopedCount = nil
        if fromTheTop {
            position = 0
            anchor = nil
        } else {
            restoreAnchor()
        }
    }

    /// The positions the view shows for a filter, `where` and sort (`nil` for every item in
    /// natural order), or an error when `stop` was raised before it was done.
    ///
    /// - Parameter keepingFailedSort: Whether a sort that cannot run fails the whole view (a
    ///   sort asked for on its own: the list keeps the view it had), or leaves the rows in their
    ///   natural order and the sort dropped (a new filter or load must still show its rows).
    /// - Complexity: O(n) for a filter or `where`, O(n log n) for a sort.
    private func makeView(
        filter: String, where expression: WhereExpression?, sort order: SortOrder?, narrowingFrom: [Int]? = nil,
        stop: StopFlag, keepingFailedSort: Bool = true
    ) throws -> [Int]? {
        let query = TextFolding.fold(filter)
        var positions: [Int]?
        if let scope {
            positions = (narrowingFrom ?? Array(items.indices)).filter { scope(items[$0]) }
        }
        if let expression {
            let pool = positions ?? narrowingFrom
            positions =
                try store.positions(matching: expression, among: pool, stop: stop)
                ?? matching(expression, among: pool ?? Array(items.indices), stop: stop)
        }
        if !query.isEmpty {
            let pool = positions ?? narrowingFrom
            positions =
                try store.filter(foldedQuery: query, among: pool, stop: stop)
                ?? containing(query, among: pool ?? Array(items.indices), stop: stop)
        }
        if let order {
            let unsorted = positions
            let pool = positions ?? Array(items.indices)
            do {
                positions = try store.sorted(pool, by: order, stop: stop) ?? sorted(pool, by: order, stop: stop)
            } catch let error as ListError where error == .interrupted {
                throw error
            } catch  where !keepingFailedSort {
                sortOrder = nil
                positions = unsorted
            }
        }
        if stop.isRaised { throw ListError.interrupted }
        return positions
    }

    private func matching(_ expression: WhereExpression, among pool: [Int], stop: StopFlag) throws -> [Int] {
        let byColumn = makesCellsByColumn
        var kept: [Int] = []
        for (done, position) in pool.enumerated() {
            if done % 4_096 == 0, stop.isRaised { throw ListError.interrupted }
            let item = items[position]
            if byColumn {
                if expression.matches({ column in columnCell(column.name, of: item)?.value ?? .missing }) {
                    kept.append(position)
                }
                continue
            }
            let cells = cells(of: item)
            if expression.matches({ column in cells.first { $0.name == column.name }?.cell.value ?? .missing }) {
                kept.append(position)
            }
        }
        return kept
    }

    private func containing(_ query: String, among pool: [Int], stop: StopFlag) throws -> [Int] {
        let texts = try foldedTexts(stop: stop)
        return pool.filter { TextFolding.folded(texts[$0], contains: query) }
    }

    private func foldedTexts(stop: StopFlag) throws -> [String] {
        if let foldedSearchTexts { return foldedSearchTexts }
        var texts: [String] = []
        texts.reserveCapacity(items.count)
        for item in items {
            if texts.count % 4_096 == 0, stop.isRaised { throw ListError.interrupted }
            texts.append(TextFolding.fold(searchText?(item) ?? TextJoining.spaced(cells(of: item).map(\.cell.text))))
        }
        foldedSearchTexts = texts
        return texts
    }

    /// The row's cells' sort, for stores without a faster one.
    private func sorted(_ positions: [Int], by order: SortOrder, stop: StopFlag) throws -> [Int] {
        let column = order.column
        var keys: [SortKey] = []
        keys.reserveCapacity(positions.count)
        let make = cellMakers(of: [column])?.first
        for position in positions {
            if keys.count % 4_096 == 0, stop.isRaised { throw ListError.interrupted }
            let item = items[position]
            let value = make.map { $0(item).value } ?? cells(of: item).first { $0.name == column }?.cell.value
            keys.append(SortKey(value ?? .missing))
        }
        var ranking = Array(keys.indices)
        var comparisons = 0
        do {
            try ranking.sort { left, right in
                comparisons += 1
                if comparisons % 65_536 == 0, stop.isRaised { throw ListError.interrupted }
                return Self.ordered(keys, left, right, positions: positions, descending: order.descending)
            }
        } catch {
            throw ListError.interrupted
        }
        return ranking.map { positions[$0] }
    }

    /// Whether the item at `left` of `keys` goes before the one at `right`: missing values last
    /// whichever the direction, ties in the natural order.
    private static func ordered(_ keys: [SortKey], _ left: Int, _ right: Int, positions: [Int], descending: Bool)
        -> Bool
    {
        let a = keys[left]
        let b = keys[right]
        if a.isMissing != b.isMissing { return b.isMissing }
        if !a.isMissing {
            if SortKey.ascending(a, b) { return !descending }
            if SortKey.ascending(b, a) { return descending }
        }
        return positions[left] < positions[right]
    }

    private func restoreAnchor() {
        guard let anchor else {
            position = 0
            return
        }
        let found: Int?
        if let view = store.view {
            found = view.firstIndex { items[$0].id == anchor }
        } else {
            found = items.firstIndex { $0.id == anchor }
        }
        position = found ?? 0
        if found == nil { self.anchor = nil }
    }
}

extension GenericListController: RowExporting {
    /// The store writes the view's rows itself when it can (a file copies its records' bytes,
    /// and stops when the file under them changed).
    package func exportRows(
        format: ExportFormat, columns: [String], write: (_ bytes: UnsafeRawBufferPointer, _ rows: Int) throws -> Void
    ) throws -> Bool {
        try store.export(format: format, columns: columns, at: store.view, write: write)
    }
}
