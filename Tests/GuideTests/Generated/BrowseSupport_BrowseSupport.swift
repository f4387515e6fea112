// Generated from Sources/BrowseSupport/BrowseSupport.docc/BrowseSupport.md by DocumentationCodeTests: edit the document, not this file.
// swift-format-ignore-file

import BrowseSupport
import ListKit

// Sources/BrowseSupport/BrowseSupport.docc/BrowseSupport.md, block 1

/// A reading of a tide gauge: a height to the millimetre, at an instant.
struct TideReading: Identifiable, Sendable {
    let at: DateTime
    let height: ExactDecimal
    var id: DateTime { at }
}
