// Generated from Sources/ListKit/ListKit.docc/ListKit.md by DocumentationCodeTests: edit the document, not this file.
// swift-format-ignore-file

import ListKit

// Sources/ListKit/ListKit.docc/ListKit.md, block 1

struct Lighthouse: Identifiable, Sendable {
    let name: String
    let built: Int
    var id: String { name }
}

struct LighthousesDataset: Dataset {
    var id: String { "lighthouses" }
    var title: String { "Lighthouses" }
    var summary: String { "lighthouses and the year each was first lit" }

    @MainActor
    func makeRootScreen(context: DatasetContext) -> any ListScreen {
        let lighthouses = [Lighthouse(name: "Eddystone", built: 1698), Lighthouse(name: "Bell Rock", built: 1810)]
        let columns: [ListColumn<Lighthouse>] = [
            .text("lighthouse", \.name, priority: 10),
            .integer("first lit", \.built),
        ]
        return GenericListController(title: id, items: lighthouses, columns: columns) { lighthouse in
            .detail(Detail(title: lighthouse.name, fields: [.init("first lit", String(lighthouse.built))]))
        }
    }
}
