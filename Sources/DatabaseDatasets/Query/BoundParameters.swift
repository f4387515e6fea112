/// The values of a statement being written, each added where its placeholder goes, so the
/// numbering can never drift from the text.
struct BoundParameters {
    let dialect: SQLDialect
    private(set) var values: [String?] = []

    init(dialect: SQLDialect) {
        self.dialect = dialect
    }

    /// Adds `value` and returns its placeholder.
    mutating func add(_ value: String?) -> String {
        values.append(value)
        return dialect.placeholder(values.count)
    }
}
