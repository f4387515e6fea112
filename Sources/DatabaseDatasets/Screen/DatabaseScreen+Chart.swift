import BrowseSupport
import ListKit

extension DatabaseScreen: ChartAnswering {
    /// Three statements whatever the table's size: the range of the values (which sets how many
    /// columns the drawing has), the steps the local chart measures its widest join by, and the
    /// rows each column shows. A chart with bars, or against a column that is not a number, is
    /// read row by row.
    package func chartPoints(for request: ChartRequest, columns: (ChartRange) -> Int, stop: StopFlag) throws
        -> ChartData?
    {
        func numeric(_ name: String) -> DatabaseColumn? {
            view?.columns.first { $0.name == name && ($0.kind == .integer || $0.kind == .decimal) }
        }
        guard let view, request.bars == nil, let y = numeric(request.y.name) else { return nil }
        let x = request.x.map { numeric($0.name) }
        if case .some(.none) = x { return nil }
        let xName = x??.name
        let xKind = x??.kind ?? .integer
        func number(_ text: String?, _ kind: DatabaseColumn.Kind) -> Double? {
            DatabaseCells.value(text, kind: kind).decimal?.doubleValue
        }
        do throws(DatabaseError) {
            var range: [String?] = []
            try Self.run(compiler.chartSummary(view, y: y.name, x: xName), in: connection, stop: stop) { range = $0 }
            guard range.count == 8 else { return nil }
            let rows = range[0].flatMap { Int($0) } ?? 0
            let present = range[1].flatMap { Int($0) } ?? 0
            let largest = range[6] ?? ""
            let scale = range[7].flatMap { Int($0) } ?? 0
            // As the local chart decides from the text of the value of the greatest magnitude.
            let grouped = range[6] == nil || largest.contains(",") || largest.filter(\.isNumber).count < 4
            var longestJoin = Double.infinity
            if let xName, rows > 4 {
                var steps: [Double] = []
                let statement = compiler.chartSteps(view, y: y.name, x: xName, stride: max(1, (rows - 1) / 1_000))
                try Self.run(statement, in: connection, stop: stop) { fields in
                    if let before = number(fields[0], xKind), let after = number(fields[1], xKind), after > before {
                        steps.append(after - before)
                    }
                }
                if steps.count >= 4 {
                    steps.sort()
                    longestJoin = steps[steps.count / 2] * 20
                }
            }
            var xs: [Double] = []
            var ys: [Double?] = []
            if let first = number(range[2], xKind), let last = number(range[3], xKind) {
                let low = number(range[4], y.kind) ?? 0
                let high = number(range[5], y.kind) ?? 0
                let slots = columns(ChartRange(low: low, high: high, scale: scale, grouped: grouped))
                let statement = compiler.chartPoints(
                    view, y: y.name, x: xName, first: first, last: last, columns: slots)
                try Self.run(statement, in: connection, stop: stop) { fields in
                    guard let x = number(fields[0], xKind) else { return }
                    xs.append(x)
                    ys.append(number(fields[1], y.kind))
                }
            }
            var data = ChartData(
                request: request, source: title, xs: xs, ys: ys, bars: nil, yScale: scale, barScale: 0)
            data.yGrouped = grouped
            data.summary = ChartSummary(rows: rows, missing: rows - present, longestJoin: longestJoin)
            if xName != nil, let first = range[2], let last = range[3] {
                data.xEnds = (DatabaseCells.value(first, kind: xKind), DatabaseCells.value(last, kind: xKind))
            }
            return data
        } catch {
            throw Self.listError(error)
        }
    }
}
