import Foundation
import ListKitNetworking

/// Where loaded data came from, so a screen can say how old it is: the download client's own
/// record of it.
public typealias Provenance = DownloadProvenance

/// A value with its provenance.
public struct Sourced<Value: Sendable>: Sendable {
    public let value: Value
    public let provenance: Provenance

    public init(_ value: Value, _ provenance: Provenance) {
        self.value = value
        self.provenance = provenance
    }
}
