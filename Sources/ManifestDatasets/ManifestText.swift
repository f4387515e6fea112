import Foundation
import ListKit

/// A manifest as the JSON a person edits: keys in the order of the documentation, one column
/// per line.
enum ManifestText {
    static func json(_ manifest: Manifest) -> String {
        var lines = ["{"]
        var members: [String] = []
        members.append("  \"id\": \(quoted(manifest.id))")
        members.append("  \"title\": \(quoted(manifest.title))")
        if let summary = manifest.summary { members.append("  \"summary\": \(quoted(summary))") }
        members.append("  \"source\": \(source(manifest.source))")
        if let columns = manifest.columns {
            let items = columns.map { "    " + column($0) }.joined(separator: ",\n")
            members.append("  \"columns\": [\n\(items)\n  ]")
        }
        if let sort = manifest.sort { members.append("  \"sort\": \(quoted(sort))") }
        if let drill = manifest.drill {
            let pairs: [(String, String?)] = [
                ("dataset", drill.dataset), ("where", drill.where), ("url", drill.url), ("title", drill.title),
                ("format", drill.format), ("table", drill.table), ("fields", drill.fields),
                ("freshness", drill.freshness),
            ]
            members.append("  \"drill\": " + object(pairs.compactMap { key, value in value.map { (key, quoted($0)) } }))
        }
        lines.append(members.joined(separator: ",\n"))
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func source(_ source: ManifestSource) -> String {
        guard source.hasOptions else { return quoted(source.location) }
        var pairs: [(String, String)] = [(source.isURL ? "url" : "path", quoted(source.location))]
        let texts: [(String, String?)] = [
            ("format", source.format), ("delimiter", source.delimiter), ("encoding", source.encoding),
        ]
        pairs += texts.compactMap { key, value in value.map { (key, quoted($0)) } }
        if let header = source.header { pairs.append(("header", header ? "true" : "false")) }
        let more: [(String, String?)] = [
            ("table", source.table), ("query", source.query), ("fields", source.fields),
            ("freshness", source.freshness),
            ("fileColumn", source.fileColumn),
        ]
        pairs += more.compactMap { key, value in value.map { (key, quoted($0)) } }
        return object(pairs)
    }

    private static func column(_ column: ManifestColumn) -> String {
        guard column.title != nil || column.kind != nil else { return quoted(column.name) }
        var pairs = [("name", quoted(column.name))]
        if let title = column.title { pairs.append(("title", quoted(title))) }
        if let kind = column.kind { pairs.append(("kind", quoted(kind))) }
        return object(pairs)
    }

    private static func object(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { "\(quoted($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// A JSON string, escaped as exports escape one.
    static func quoted(_ text: String) -> String { TableExporter.jsonString(text) }
}
