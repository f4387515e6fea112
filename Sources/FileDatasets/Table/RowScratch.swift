import Tabular

/// Storage reused from row to row while reading records, so that showing or exporting rows does
/// not allocate a field list for each.
struct RowScratch {
    var fields: [CSVField] = []
    var issues: [CSVIssue] = []

    init() {
        fields.reserveCapacity(32)
    }
}
