import BrowseSupport

/// A store that reads the values of its rows in consecutive pieces at once, one a core: what
/// lets `freq` and `stats` count a large file on every core, each piece into tables of its own
/// merged at the end.
///
/// It is found by a cast, as the optional questions of ``ListStore`` are answered by default:
/// a store that does not adopt it is read through `forEachValues`.
@MainActor
package protocol PiecewiseValueStore: AnyObject {
    /// Splits the items at `positions` (every item when `nil`) into consecutive pieces and
    /// calls `body` once for each, all at once, returning what each returned in piece order;
    /// `nil` when a column is not the store's, having called nothing.
    ///
    /// `body` gets the position in `positions` of its piece's first item and a function that
    /// visits the piece's values, one row at a time in order, one value a column of
    /// `columns`: the values the rows' cells hold.
    ///
    /// - Throws: `ListError.interrupted` when `stop` was raised before every row was read.
    func valuePieces<Result: Sendable>(
        of columns: [String], at positions: [Int]?, stop: StopFlag,
        _ body: @Sendable (_ start: Int, _ read: ((UnsafeBufferPointer<PieceValue>) -> Void) -> Void) -> Result
    ) throws -> [Result]?

    /// The text of `column`'s cell in each of the items at `positions`, in order, read on
    /// every core; `nil` when the column is not the store's.
    ///
    /// - Throws: `ListError.interrupted` when `stop` was raised before every row was read.
    func texts(of column: String, at positions: [Int], stop: StopFlag) throws -> [String]?
}
