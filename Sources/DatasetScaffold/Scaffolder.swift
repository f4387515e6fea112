import Foundation

/// Plans and writes a new dataset into a package: its source, its test, its bundled data, and
/// its line in the registry. Either everything is written or nothing is.
package struct Scaffolder: Sendable {
    /// The package's root folder.
    package let package: URL

    package init(package: URL) {
        self.package = package
    }

    /// Where scaffolded datasets live, relative to the package.
    package static let sourceFolder = "Sources/CustomDatasets"
    package static let testFolder = "Tests/CustomDatasetsTests"
    package static let registryPath = "Sources/CustomDatasets/Registry.swift"

    /// A file to write.
    package struct File: Sendable, Hashable {
        /// Relative to the package.
        package let path: String
        package let contents: Data
    }

    /// Everything a new dataset needs.
    package struct Plan: Sendable, Hashable {
        package let name: DatasetName
        package let files: [File]
        /// The registry with the new dataset added.
        package let registry: String
    }

    /// Works out what to write, checking that the name is free.
    ///
    /// - Parameters:
    ///   - data: The bundled data file's bytes and what was learned from them, when the dataset
    ///     is made from a file.
    /// - Throws: `ScaffoldError` for a taken id, an existing file, or a registry without markers.
    package func plan(_ name: DatasetName, data: (bytes: Data, sample: DataSample)? = nil) throws(ScaffoldError) -> Plan
    {
        let taken = takenIDs()
        if let owner = taken[name.id] { throw .taken(name.id, by: owner) }
        let registryURL = package.appendingPathComponent(Self.registryPath)
        guard let registryText = try? String(contentsOf: registryURL, encoding: .utf8) else {
            throw .noRegistry(Self.registryPath)
        }
        let registry = try RegistryFile(text: registryText).adding("\(name.typeName)Dataset", path: Self.registryPath)
        var files: [File] = []
        if let data {
            files.append(File(path: "\(Self.sourceFolder)/Data/\(data.sample.fileName)", contents: data.bytes))
            files.append(
                File(
                    path: "\(Self.sourceFolder)/\(name.typeName)Dataset.swift",
                    contents: Data(DataTemplate.source(name, data.sample).utf8)))
            files.append(
                File(
                    path: "\(Self.testFolder)/\(name.typeName)DatasetTests.swift",
                    contents: Data(DataTemplate.test(name, data.sample).utf8)))
        } else {
            files.append(
                File(
                    path: "\(Self.sourceFolder)/\(name.typeName)Dataset.swift",
                    contents: Data(DatasetTemplate.sampleSource(name).utf8)))
            files.append(
                File(
                    path: "\(Self.testFolder)/\(name.typeName)DatasetTests.swift",
                    contents: Data(DatasetTemplate.sampleTest(name).utf8)))
        }
        for file in files where FileManager.default.fileExists(atPath: package.appendingPathComponent(file.path).path) {
            throw .taken(name.id, by: file.path)
        }
        return Plan(name: name, files: files, registry: registry)
    }

    /// Writes the plan: new files first, the registry last; on any failure the new files are
    /// removed again, so nothing is half-written. Swift files are passed through `swift format`
    /// when the toolchain has it, so they follow the package's `.swift-format`.
    ///
    /// - Throws: `ScaffoldError.writeFailed`.
    package func apply(_ plan: Plan) throws(ScaffoldError) {
        var written: [URL] = []
        func rollBack() {
            for url in written { try? FileManager.default.removeItem(at: url) }
        }
        for file in plan.files {
            let url = package.appendingPathComponent(file.path)
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.contents.write(to: url, options: .withoutOverwriting)
                written.append(url)
                if url.pathExtension == "swift" { SwiftFormat.format(url, package: package) }
            } catch {
                rollBack()
                throw .writeFailed(file.path, reason: error.localizedDescription)
            }
        }
        do {
            try Data(plan.registry.utf8).write(to: package.appendingPathComponent(Self.registryPath), options: .atomic)
        } catch {
            rollBack()
            throw .writeFailed(Self.registryPath, reason: error.localizedDescription)
        }
    }

    /// Dataset ids already used in the package's sources (`var id: String { "films" }`), with
    /// the file that uses each.
    package func takenIDs() -> [String: String] {
        var taken: [String: String] = [:]
        let sources = package.appendingPathComponent("Sources")
        guard let enumerator = FileManager.default.enumerator(atPath: sources.path) else { return taken }
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix(".swift"),
                let text = try? String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            else { continue }
            for id in Self.declaredIDs(in: text) where taken[id] == nil {
                taken[id] = "Sources/" + path
            }
        }
        return taken
    }

    /// The ids a Swift source declares as `var id: String { "…" }`, outside comments.
    static func declaredIDs(in text: String) -> [String] {
        let marker = "var id: String { \""
        var ids: [String] = []
        for line in text.split(separator: "\n") {
            let code = line.drop { $0 == " " }
            guard !code.hasPrefix("//"), let range = code.range(of: marker) else { continue }
            let rest = code[range.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { continue }
            ids.append(String(rest[..<end]))
        }
        return ids
    }
}
