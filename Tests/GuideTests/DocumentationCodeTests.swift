import Foundation
import Testing

/// Every ```swift block of the README, the guides in `Documentation/` and the DocC articles is
/// compiled, all together in this one module: each document's blocks are copied into
/// `Generated/<document>.swift`, and this test fails when a copy differs from its document.
/// Record the copies again with `BROWSE_RECORD_SNAPSHOTS=1 swift test --filter DocumentationCode`
/// and build: a block that no longer compiles then fails the build, not a reader.
///
/// A block is compiled as it stands, as top-level declarations, with its imports gathered at the
/// top of the file. A block whose first line is `// main.swift` is a program's statements: it is
/// compiled as the body of a function, so that several programs can live in one module. A
/// package manifest (its first line `// swift-tools-version: …`) is SwiftPM's to read, not this
/// module's: it is left out (`Examples/` holds packages of the same shape, which CI builds).
@Suite struct DocumentationCodeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let generated = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Generated")

    @Test func everySwiftBlockOfTheDocumentationIsCompiled() throws {
        let documents = try Self.documents()
        #expect(documents.contains { $0.name == "README" }, "the README's example is compiled")
        let recording = ProcessInfo.processInfo.environment["BROWSE_RECORD_SNAPSHOTS"] == "1"
        var expected: Set<String> = []
        for document in documents {
            let blocks = Self.swiftBlocks(in: try String(contentsOf: document.url, encoding: .utf8))
            guard !blocks.isEmpty else { continue }
            let file = "\(document.name).swift"
            expected.insert(file)
            let text = Self.compiledText(of: blocks, from: document.relativePath, name: document.name)
            let target = Self.generated.appendingPathComponent(file)
            if recording {
                try FileManager.default.createDirectory(at: Self.generated, withIntermediateDirectories: true)
                try text.write(to: target, atomically: true, encoding: .utf8)
            }
            let onDisk = try? String(contentsOf: target, encoding: .utf8)
            #expect(
                onDisk == text,
                "\(document.relativePath) changed: record Tests/GuideTests/Generated/\(file) again and build")
        }
        let present = Set((try? FileManager.default.contentsOfDirectory(atPath: Self.generated.path)) ?? [])
        #expect(present == expected, "Generated/ holds exactly one file per document with Swift blocks")
    }

    @Test func aMainBlockIsWrappedAndImportsAreGathered() {
        let blocks = Self.swiftBlocks(
            in: """
                Text.

                ```swift
                import ListKit

                struct A {}
                ```

                ```sh
                swift run
                ```

                ```swift
                // main.swift
                import LineMode
                await run()
                ```

                ```swift
                // swift-tools-version: 6.0
                import PackageDescription
                let package = Package(name: "Weather")
                ```
                """)
        #expect(blocks.count == 2, "only swift blocks count, and a package manifest is not one")
        let text = Self.compiledText(of: blocks, from: "Doc.md", name: "Doc")
        #expect(text.contains("import LineMode\nimport ListKit\n"))
        #expect(text.contains("struct A {}"))
        #expect(text.contains("@MainActor private func docMain2() async {\n    // main.swift\n    await run()\n}"))
        #expect(!text.contains("    import LineMode"), "an import never stays inside a function")
    }

    struct Document {
        let url: URL
        let relativePath: String
        let name: String
    }

    /// README.md, `Documentation/*.md` and every DocC catalog's articles under `Sources/`.
    static func documents() throws -> [Document] {
        let manager = FileManager.default
        var found = [Document(url: root.appendingPathComponent("README.md"), relativePath: "README.md", name: "README")]
        let guides = root.appendingPathComponent("Documentation")
        for name in try manager.contentsOfDirectory(atPath: guides.path).sorted() where name.hasSuffix(".md") {
            found.append(
                Document(
                    url: guides.appendingPathComponent(name), relativePath: "Documentation/\(name)",
                    name: String(name.dropLast(3))))
        }
        let sources = root.appendingPathComponent("Sources")
        for module in try manager.contentsOfDirectory(atPath: sources.path).sorted() {
            let catalog = sources.appendingPathComponent(module).appendingPathComponent("\(module).docc")
            guard let articles = try? manager.contentsOfDirectory(atPath: catalog.path) else { continue }
            for name in articles.sorted() where name.hasSuffix(".md") {
                found.append(
                    Document(
                        url: catalog.appendingPathComponent(name),
                        relativePath: "Sources/\(module)/\(module).docc/\(name)",
                        name: "\(module)_\(name.dropLast(3))"))
            }
        }
        return found
    }

    /// The text of each ```swift block, in order.
    static func swiftBlocks(in markdown: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var block = current {
                if trimmed == "```" {
                    blocks.append(block)
                    current = nil
                } else {
                    block.append(line)
                    current = block
                }
            } else if trimmed == "```swift" {
                current = []
            }
        }
        return blocks.filter { $0.first?.hasPrefix("// swift-tools-version") != true }
    }

    static func compiledText(of blocks: [[String]], from path: String, name: String) -> String {
        var imports: Set<String> = []
        var body: [String] = []
        let functionPrefix = name.prefix(1).lowercased() + name.dropFirst().filter { $0.isLetter || $0.isNumber }
        for (index, block) in blocks.enumerated() {
            let code = block.filter { line in
                let isImport = line.hasPrefix("import ") || line.hasPrefix("@testable import ")
                if isImport { imports.insert(line) }
                return !isImport
            }
            body.append("")
            body.append("// \(path), block \(index + 1)")
            if code.first?.trimmingCharacters(in: .whitespaces) == "// main.swift" {
                body.append("@MainActor private func \(functionPrefix)Main\(index + 1)() async {")
                body += code.map { $0.isEmpty ? "" : "    \($0)" }
                body.append("}")
            } else {
                body += code
            }
        }
        let header = [
            "// Generated from \(path) by DocumentationCodeTests: edit the document, not this file.",
            "// swift-format-ignore-file",
            "",
        ]
        return (header + imports.sorted() + body).joined(separator: "\n") + "\n"
    }
}
