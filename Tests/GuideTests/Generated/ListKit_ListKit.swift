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
        return GenericListController(
            title: id, items: lighthouses,
            columns: [Column("lighthouse", priority: 10), Column("first lit", kind: .integer)]
        ) { (row: inout ColumnsRow, lighthouse) in
            row["lighthouse"] = .text(lighthouse.name)
            row["first lit"] = .integer(lighthouse.built)
        } select: { lighthouse in
            .detail(Detail(title: lighthouse.name, fields: [.init("first lit", String(lighthouse.built))]))
        }
    }
}
