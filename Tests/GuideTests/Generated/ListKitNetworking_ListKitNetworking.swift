// Generated from Sources/ListKitNetworking/ListKitNetworking.docc/ListKitNetworking.md by DocumentationCodeTests: edit the document, not this file.
// swift-format-ignore-file

import Foundation
import ListKit
import ListKitNetworking

// Sources/ListKitNetworking/ListKitNetworking.docc/ListKitNetworking.md, block 1

struct Station: Decodable, Sendable {
    let id: String
    let name: String
}

/// The stations of `https://example.org/stations.json`, kept a day.
func stations(from url: URL, context: DatasetContext, request: LoadRequest) async throws -> [Station] {
    try await context.download([Station].self, from: url, fresh: .days(1), for: request)
}
