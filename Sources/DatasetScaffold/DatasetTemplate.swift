/// The Swift sources of a new dataset and its test.
package enum DatasetTemplate {
    /// A dataset with a few sample items, to be replaced by the developer's own data.
    package static func sampleSource(_ name: DatasetName) -> String {
        let type = name.typeName
        return """
            import ListKit

            /// One item of the \(name.id) dataset. Scaffolded by `swift package new-dataset \(type)`:
            /// replace the sample items with your own data (see Documentation/WritingADatasetPlugin.md).
            public struct \(type)Item: Identifiable, Sendable, Hashable {
                public let id: Int
                public let name: String
                public let value: Int

                public init(id: Int, name: String, value: Int) {
                    self.id = id
                    self.name = name
                    self.value = value
                }
            }

            /// The \(name.id) dataset: `browse \(name.id)`.
            public struct \(type)Dataset: Dataset {
                public init() {}

                public var id: String { \(SwiftIdentifier.literal(name.id)) }
                public var title: String { \(SwiftIdentifier.literal(type)) }
                public var summary: String { "a new dataset: edit Sources/CustomDatasets/\(type)Dataset.swift" }

                /// The items shown until real ones are loaded.
                public static let items = [
                    \(type)Item(id: 1, name: "first", value: 10),
                    \(type)Item(id: 2, name: "second", value: 20),
                    \(type)Item(id: 3, name: "third", value: 30),
                ]

                /// The table's columns, each with its value: the rows, the detail, `sort`, `where`
                /// and exports all come from them.
                public static var columns: [ListColumn<\(type)Item>] {
                    [.text("name", \\.name, priority: 10), .integer("value", \\.value)]
                }

                @MainActor
                public func makeRootScreen(context: DatasetContext) -> any ListScreen {
                    GenericListController(title: id, items: Self.items, columns: Self.columns)
                }
            }

            """
    }

    /// The test of a sample dataset.
    package static func sampleTest(_ name: DatasetName) -> String {
        let type = name.typeName
        return """
            import CustomDatasets
            import ListKit
            import ListKitTesting
            import Testing

            @MainActor
            @Suite struct \(type)DatasetTests {
                @Test func listsItsItemsAndShowsADetail() async throws {
                    // The screens as a person at an 80-column terminal reads them.
                    let driver = try ScreenDriver(dataset: \(type)Dataset(), width: 80)
                    let list = await driver.start()
                    let count = \(type)Dataset.items.count
                    #expect(list.screen.contains("#  name    value"))
                    #expect(list.screen.contains("rows 1–\\(count) of \\(count)"))
                    let detail = await driver.run("1")
                    #expect(detail.screen.contains("name   first"))
                    #expect(detail.messages.isEmpty)
                }
            }

            """
    }
}
