import BrowseSupport

extension GenericListController: PiecewiseValues {
    /// The values of `columns` over the view read in pieces at once, when the store can
    /// (``PiecewiseValueStore``); `nil` otherwise.
    ///
    /// - Throws: `ListError.interrupted` when `stop` was raised before every row was read.
    package func valuePieces<Result: Sendable>(
        of columns: [String], stop: StopFlag,
        _ body: @Sendable (_ start: Int, _ read: ((UnsafeBufferPointer<PieceValue>) -> Void) -> Void) -> Result
    ) throws -> [Result]? {
        guard let pieces = store as? any PiecewiseValueStore else { return nil }
        return try pieces.valuePieces(of: columns, at: store.view, stop: stop, body)
    }

    package func texts(of column: String, atRows rows: [Int], stop: StopFlag) throws -> [String]? {
        guard let pieces = store as? any PiecewiseValueStore else { return nil }
        let view = store.view
        return try pieces.texts(of: column, at: view.map { view in rows.map { view[$0] } } ?? rows, stop: stop)
    }
}

extension GenericListController: ChartAnswering {
    /// A chart in the view's order of a list read in pieces, reduced to the points its
    /// drawing shows (``ChartData/inRowOrder(from:request:columns:stop:)``); `nil` otherwise.
    ///
    /// - Throws: `ListError.interrupted` when `stop` was raised before every row was read.
    package func chartPoints(for request: ChartRequest, columns: (ChartRange) -> Int, stop: StopFlag) throws
        -> ChartData?
    {
        guard store is any PiecewiseValueStore else { return nil }
        return try ChartData.inRowOrder(from: self, request: request, columns: columns, stop: stop)
    }
}
