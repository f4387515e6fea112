import Foundation
import ListKit
import Testing

@MainActor
@Suite struct GuideTests {
    let context = DatasetContext(cacheDirectory: FileManager.default.temporaryDirectory)

    @Test func theExampleLoadsWithProgressAndDrillsDown() async throws {
        let screen = SolarSystemDataset().makeRootScreen(context: context)
        #expect(screen.state == .idle)
        let progress = ProgressReporter()
        await screen.load(force: false, progress: progress)
        #expect(screen.count == 5)
        #expect(progress.current.completed == 5)
        #expect(screen.columnNames == ["planet", "distance (AU)", "moons"])
        try screen.applySort(SortOrder(column: "moons", descending: true))
        guard case .push(let moons) = try screen.select(at: 0) else {
            Issue.record("Jupiter drills down to its moons")
            return
        }
        #expect(moons.title == "moons of Jupiter")
        #expect(moons.count == 4)
        guard case .message(let text) = try screen.select(at: 4) else {
            Issue.record("a planet without moons says so")
            return
        }
        #expect(text.hasSuffix("has no moons"))
    }

    @Test func everySwiftBlockOfTheGuideIsCompiledCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let guide = try String(
            contentsOf: root.appendingPathComponent("Documentation/WritingADatasetPlugin.md"), encoding: .utf8)
        let example = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("SolarSystemDataset.swift"), encoding: .utf8)
        let blocks = guide.components(separatedBy: "```swift\n").dropFirst().compactMap {
            $0.components(separatedBy: "```").first
        }
        #expect(blocks.count >= 4, "the guide shows the example in several steps")
        for block in blocks {
            #expect(example.contains(block), "this guide block is not in SolarSystemDataset.swift:\n\(block)")
        }
    }
}
