import ListKit

/// Datasets added with `swift package new-dataset NAME`. The plugin adds each new dataset
/// between the markers below; this file is the only place a dataset is registered (see
/// Documentation/WritingADatasetPlugin.md for why one marked file rather than generated code).
package enum CustomDatasets {
    package static let all: [any Dataset] = [
        // new-dataset: begin
        // new-dataset: end
    ]
}
