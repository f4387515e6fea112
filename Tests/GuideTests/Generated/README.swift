// Generated from README.md by DocumentationCodeTests: edit the document, not this file.
// swift-format-ignore-file

import Foundation
import ListKit
import ListKitNetworking

// README.md, block 1

struct Mountain: Identifiable, Sendable {
    let name: String
    let metres: Int
    var id: String { name }
}

struct MountainsDataset: Dataset {
    var id: String { "mountains" }
    var title: String { "Mountains" }
    var summary: String { "the highest mountain of each continent" }

    @MainActor
    func makeRootScreen(context: DatasetContext) -> any ListScreen {
        let mountains = [
            Mountain(name: "Everest", metres: 8_849),
            Mountain(name: "Kilimanjaro", metres: 5_895),
            Mountain(name: "Denali", metres: 6_190),
        ]
        let columns = [Column("mountain", priority: 10), Column("metres", kind: .integer)]
        return GenericListController(title: id, items: mountains, columns: columns) {
            (row: inout ColumnsRow, mountain) in
            row["mountain"] = .text(mountain.name)
            row["metres"] = .integer(mountain.metres, grouped: true)
        } select: { mountain in
            .detail(Detail(title: mountain.name, fields: [.init("height", "\(mountain.metres) m")]))
        }
    }
}

// README.md, block 2

struct Reading: Decodable, Sendable, Identifiable {
    let station: String
    let temperature: Double
    var id: String { station }
}

func readings(from url: URL, context: DatasetContext) -> ListSource<Reading> {
    ListSource(id: "readings", title: "readings") { request in
        try await context.download([Reading].self, from: url, fresh: .minutes(10), for: request)
    }
}
