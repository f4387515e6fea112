import Foundation
import ListKitNetworking

/// Where loaded data came from, so a screen can say how old it is: the download client's own
/// record of it.
package typealias Provenance = DownloadProvenance

/// A value with its provenance.
package struct Sourced<Value: Sendable>: Sendable {
    package let value: Value
    package let provenance: Provenance

    package init(_ value: Value, _ provenance: Provenance) {
        self.value = value
        self.provenance = provenance
    }
}
