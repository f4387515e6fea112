import BrowseSupport

/// An analysis of a view (`freq`, `chart`) that cannot have the memory it needs: it is refused
/// before it is made, as a sort is, rather than end the program when an allocation fails.
package struct AnalysisMemoryError: UserFacingError, Hashable {
    /// What was to be made: `count the values of name`, `chart close`.
    package let work: String
    /// How many rows of the view it was over.
    package let rows: Int
    /// The memory it needed, about.
    package let bytes: Int

    /// The refusal of `work` over `rows` rows, which needed about `bytes` bytes.
    ///
    /// - Parameters:
    ///   - work: What was to be made, as a person would say it after "to".
    ///   - rows: How many rows of the view it was over.
    ///   - bytes: The memory it needed, about.
    package init(work: String, rows: Int, bytes: Int) {
        self.work = work
        self.rows = rows
        self.bytes = bytes
    }

    /// `not enough memory to chart a over 4,000,000 rows (it needs about 138 MiB); a filter or
    /// where first leaves fewer rows`.
    package var description: String {
        "not enough memory to \(work) over \(ExactDecimal(Int64(rows)).formatted(grouping: true)) rows "
            + "(it needs about \(ByteSize(bytes))); "
            + "a filter or where first leaves fewer rows"
    }
}
