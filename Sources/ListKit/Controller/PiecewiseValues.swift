import BrowseSupport

/// A screen whose view's values can be read in consecutive pieces at once (its store adopts
/// ``PiecewiseValueStore``): `freq` and `stats` then count on every core.
@MainActor
package protocol PiecewiseValues: AnyObject {
    /// The values of `columns` over the view read in pieces at once, as
    /// ``PiecewiseValueStore/valuePieces(of:at:stop:_:)`` reads them; `nil` when the screen
    /// cannot, having called nothing.
    ///
    /// - Throws: `ListError.interrupted` when `stop` was raised before every row was read.
    func valuePieces<Result: Sendable>(
        of columns: [String], stop: StopFlag,
        _ body: @Sendable (_ start: Int, _ read: ((UnsafeBufferPointer<PieceValue>) -> Void) -> Void) -> Result
    ) throws -> [Result]?

    /// The text of `column`'s cell in each of the view's rows at `rows`, in order, as
    /// ``PiecewiseValueStore/texts(of:at:stop:)`` reads them; `nil` when the screen cannot.
    ///
    /// - Throws: `ListError.interrupted` when `stop` was raised before every row was read.
    func texts(of column: String, atRows rows: [Int], stop: StopFlag) throws -> [String]?
}
