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
