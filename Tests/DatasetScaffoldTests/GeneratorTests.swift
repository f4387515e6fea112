import Foundation
import Testing

@testable import DatasetScaffold

@Suite struct GeneratorTests {
    let sample = DataSample(
        fileName: "odd.csv", format: "csv",
        columns: [
            ColumnSpec(name: "成交股數", kind: .integer), ColumnSpec(name: "2nd col", kind: .decimal),
            ColumnSpec(name: "class", kind: .text), ColumnSpec(name: "日期", kind: .date),
            ColumnSpec(name: "say \"hi\"", kind: .text),
        ],
        recordCount: 2, firstRecord: ["1", "2.5", "a", "2025-06-01", "x"])

    @Test func aRecordHasOnePropertyPerColumnWithTypesFromTheData() throws {
        let source = DataTemplate.source(try DatasetName("Odd"), sample)
        #expect(source.contains("public let 成交股數: Int64?"))
        #expect(source.hasPrefix("import BrowseSupport\n"), "the exact values' module: ListKit does not re-export it")
        #expect(source.contains("public let _2ndCol: ExactDecimal?"))
        #expect(source.contains("public let `class`: String?"))
        #expect(source.contains("public let 日期: CalendarDate?"))
        #expect(source.contains("public let sayHi: String?"))
        #expect(source.contains(#".text("say \"hi\"", \.sayHi),"#))
        #expect(source.contains(#".integer("成交股數", \.成交股數, grouped: true),"#))
        #expect(source.contains(#".text("class", \.`class`),"#))
        #expect(source.contains(#"var id: String { "odd" }"#))
        #expect(source.contains(#"BundledData.table("odd.csv")"#))
    }

    @Test func aManifestsTitleSummaryAndOriginAreTheGeneratedDatasets() throws {
        var described = sample
        described.title = "Companies \"sample\""
        described.summary = "three listed companies"
        described.origin = "--from-manifest tw-companies.json"
        let source = DataTemplate.source(try DatasetName("TwCompanies"), described.named("tw-companies.csv"))
        #expect(source.contains(#"public var title: String { "Companies \"sample\"" }"#))
        #expect(source.contains(#"public var summary: String { "three listed companies" }"#))
        #expect(source.contains("`swift package new-dataset TwCompanies --from-manifest tw-companies.json`"))
        #expect(source.contains(#"var id: String { "tw-companies" }"#))
    }

    @Test func theTestChecksTheCountTheColumnsAndTheFirstRecord() throws {
        let test = DataTemplate.test(try DatasetName("Odd"), sample)
        #expect(test.contains("#expect(screen.count == 2)"))
        #expect(test.contains(#"            "say \"hi\"","#))
        #expect(test.contains(#"            "2025-06-01","#))
    }
}

@Suite struct ScaffolderTests2 {
    func package(registry: String = "// new-dataset: begin\n// new-dataset: end\n") throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("scaffold-\(UUID())")
        let sources = root.appendingPathComponent("Sources/CustomDatasets")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try Data(registry.utf8).write(to: sources.appendingPathComponent("Registry.swift"))
        let demo = root.appendingPathComponent("Sources/Demo")
        try FileManager.default.createDirectory(at: demo, withIntermediateDirectories: true)
        try Data(#"    public var id: String { "films" }"#.utf8).write(to: demo.appendingPathComponent("Films.swift"))
        return root
    }

    @Test func aNamedDatasetIsWrittenAndRegistered() throws {
        let root = try package()
        defer { try? FileManager.default.removeItem(at: root) }
        let scaffolder = Scaffolder(package: root)
        let plan = try scaffolder.plan(try DatasetName("Weather"))
        try scaffolder.apply(plan)
        let registry = try String(contentsOf: root.appendingPathComponent(Scaffolder.registryPath), encoding: .utf8)
        #expect(RegistryFile(text: registry).registered == ["WeatherDataset"])
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(plan.files[0].path).path))
        #expect(throws: ScaffoldError.taken("weather", by: "Sources/CustomDatasets/WeatherDataset.swift")) {
            try scaffolder.plan(try DatasetName("Weather"))
        }
    }

    @Test func aTakenIDIsRefusedAndNothingIsWritten() throws {
        let root = try package()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: ScaffoldError.taken("films", by: "Sources/Demo/Films.swift")) {
            try Scaffolder(package: root).plan(try DatasetName("Films"))
        }
        let files = try FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent("Sources/CustomDatasets").path)
        #expect(files == ["Registry.swift"])
    }

    @Test func aRegistryWithoutMarkersIsRefusedBeforeAnythingIsWritten() throws {
        let root = try package(registry: "public enum CustomDatasets {}\n")
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: ScaffoldError.noRegistry(Scaffolder.registryPath)) {
            try Scaffolder(package: root).plan(try DatasetName("Weather"))
        }
        let files = try FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent("Sources/CustomDatasets").path)
        #expect(files == ["Registry.swift"])
    }
}

@Suite struct RollbackTests {
    @Test func aFailedWriteRemovesWhatWasWrittenAndLeavesTheRegistry() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("scaffold-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let registryURL = root.appendingPathComponent(Scaffolder.registryPath)
        try FileManager.default.createDirectory(
            at: registryURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        let registry = "// new-dataset: begin\n// new-dataset: end\n"
        try Data(registry.utf8).write(to: registryURL)
        let plan = Scaffolder.Plan(
            name: try DatasetName("Broken"),
            files: [
                Scaffolder.File(path: "Sources/CustomDatasets/BrokenDataset.swift", contents: Data("// ok\n".utf8)),
                // A folder cannot be made inside a file: this write fails.
                Scaffolder.File(path: "Sources/CustomDatasets/Registry.swift/x.swift", contents: Data()),
            ],
            registry: "changed")
        #expect(throws: ScaffoldError.self) { try Scaffolder(package: root).apply(plan) }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(plan.files[0].path).path))
        #expect(try String(contentsOf: registryURL, encoding: .utf8) == registry)
    }
}
