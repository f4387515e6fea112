import BrowseSupport
import FileDatasets
import Foundation
import ListKit
import ListKitNetworking

/// The checks a manifest must pass on its own, and what its settings mean once they pass.
enum ManifestRules {
    /// The kinds a column may declare.
    static let kinds = ColumnKind.allCases.map(\.rawValue)

    /// Checks everything that needs only the manifest.
    ///
    /// - Throws: `ManifestProblem` for the first rule broken, at its key.
    static func check(_ loaded: LoadedManifest) throws(ManifestProblem) {
        let manifest = loaded.manifest
        guard isKebabCase(manifest.id) else {
            throw loaded.problem(
                ["id"], "must be lower kebab-case, such as `orders` or `daily-report` (not \"\(manifest.id)\")")
        }
        guard !manifest.title.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw loaded.problem(["title"], "is empty; give the title the dataset list shows")
        }
        try checkSource(loaded)
        if let columns = manifest.columns {
            guard !columns.isEmpty else {
                throw loaded.problem(["columns"], "is empty; list the columns to keep, or leave the key out for all")
            }
            var shown = Set<String>()
            for (index, column) in columns.enumerated() {
                let key = ["columns", String(index)]
                guard !column.name.isEmpty else { throw loaded.problem(key, "has an empty name") }
                if let kind = column.kind, !kinds.contains(kind) {
                    throw loaded.problem(
                        key + ["kind"], "must be one of \(kinds.joined(separator: ", ")), not \"\(kind)\"")
                }
                guard shown.insert(column.shownName).inserted else {
                    throw loaded.problem(
                        key, "shows a second column named \"\(column.shownName)\"; give it another title")
                }
            }
        }
        if let sort = manifest.sort {
            guard let order = sortOrder(sort) else {
                throw loaded.problem(["sort"], "must be COL or COL:desc (or COL:asc), not \"\(sort)\"")
            }
            if let columns = manifest.columns,
                !columns.contains(where: { $0.name == order.column || $0.title == order.column })
            {
                throw loaded.problem(
                    ["sort"],
                    "names column \"\(order.column)\", which is not among `columns`: "
                        + columns.map(\.shownName).joined(separator: ", "))
            }
        }
        if let drill = manifest.drill { try checkDrill(drill, loaded) }
    }

    static func isKebabCase(_ id: String) -> Bool {
        guard let first = id.first, first.isASCII, first.isLowercase, !id.hasSuffix("-"), !id.contains("--") else {
            return false
        }
        return id.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }
    }

    /// `COL`, `COL:desc`, `COL:asc`.
    static func sortOrder(_ text: String) -> ListKit.SortOrder? {
        var column = text
        var descending = false
        if let colon = text.lastIndex(of: ":") {
            switch text[text.index(after: colon)...].lowercased() {
            case "desc": descending = true
            case "asc": descending = false
            default: return nil
            }
            column = String(text[..<colon])
        }
        guard !column.isEmpty else { return nil }
        return ListKit.SortOrder(column: column, descending: descending)
    }

    private static func checkSource(_ loaded: LoadedManifest) throws(ManifestProblem) {
        let source = loaded.manifest.source
        let key = source.hasOptions ? ["source", source.isURL ? "url" : "path"] : ["source"]
        guard !source.location.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw loaded.problem(key, "is empty; give a file, a pattern of files or an http(s) URL")
        }
        let shown = PasswordRedaction.redacting(source.location)
        if !source.isURL, let scheme = otherScheme(source.location) {
            // It would otherwise be read as a path relative to the manifest's folder.
            throw loaded.problem(key, "is a \(scheme): URL (\"\(shown)\"); give a file's path or an http(s) URL")
        }
        if source.isURL {
            guard let url = URL(string: source.location), let host = url.host, !host.isEmpty else {
                throw loaded.problem(key, "is not a URL that can be fetched: \"\(shown)\"")
            }
            if url.scheme?.lowercased() == "http", !HTTPClient.isLoopback(host) {
                throw loaded.problem(
                    key, "uses plain http to \(host); use https (plain http goes only to this machine)")
            }
        }
        do {
            _ = try fileOptions(
                format: source.format, delimiter: source.delimiter, encoding: source.encoding,
                header: source.header, table: source.table, fields: source.fields)
        } catch {
            throw loaded.problem(["source", error.key], error.message)
        }
        if let freshness = source.freshness {
            guard source.isURL else { throw loaded.problem(["source", "freshness"], "applies to a URL source only") }
            guard DownloadFreshness(parsing: freshness) != nil else {
                throw loaded.problem(["source", "freshness"], freshnessAdvice(freshness))
            }
        }
        if source.fileColumn != nil, !FilePattern.isPattern(source.location) {
            throw loaded.problem(["source", "fileColumn"], "applies to a pattern of files (a * or ? in the name) only")
        }
    }

    /// The scheme of `location` when it is written as a URL (`file://…`, `ftp://…`), or nil.
    private static func otherScheme(_ location: String) -> String? {
        guard let separator = location.range(of: "://") else { return nil }
        let scheme = location[..<separator.lowerBound]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return scheme.lowercased()
    }

    static func freshnessAdvice(_ text: String) -> String {
        "must be a whole number and a unit (90s, 30m, 6h, 1d, 2w), always or forever, not \"\(text)\""
    }

    private static func checkDrill(_ drill: ManifestDrill, _ loaded: LoadedManifest) throws(ManifestProblem) {
        switch (drill.dataset, drill.url) {
        case (nil, nil): throw loaded.problem(["drill"], "needs `dataset` (with `where`) or `url`")
        case (.some, .some): throw loaded.problem(["drill"], "has both `dataset` and `url`; keep one")
        default: break
        }
        if drill.where != nil, drill.dataset == nil {
            throw loaded.problem(["drill", "where"], "narrows a `dataset`; a `url` drill puts values in the URL")
        }
        for (name, text) in [("where", drill.where), ("url", drill.url), ("title", drill.title)] {
            guard let text else { continue }
            let template: RowTemplate
            do {
                template = try RowTemplate(text)
            } catch {
                throw loaded.problem(["drill", name], "has \(error.message) at character \(error.position)")
            }
            if let shown = loaded.shownColumns {
                for column in template.columns where !shown.contains(column) {
                    throw loaded.problem(
                        ["drill", name],
                        "names column `\(column)`, which the dataset does not have; columns: "
                            + shown.joined(separator: ", "))
                }
            }
            if name == "url" {
                let sample = template.render { _ in "0" }
                let lowered = sample.lowercased()
                guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"), URL(string: sample)?.host != nil
                else {
                    throw loaded.problem(
                        ["drill", "url"],
                        "must be an http(s) URL with {COL} holes, not \"\(PasswordRedaction.redacting(text))\"")
                }
            }
        }
        do {
            _ = try fileOptions(
                format: drill.format, delimiter: nil, encoding: nil, header: nil, table: drill.table,
                fields: drill.fields)
        } catch {
            throw loaded.problem(["drill", error.key], error.message)
        }
        if let freshness = drill.freshness, DownloadFreshness(parsing: freshness) == nil {
            throw loaded.problem(["drill", "freshness"], freshnessAdvice(freshness))
        }
    }

    /// A file option that does not work, at its manifest key.
    struct OptionProblem: Error {
        let key: String
        let message: String
    }

    /// The file options a manifest's keys ask for.
    ///
    /// - Throws: `OptionProblem` naming the key and what would work.
    static func fileOptions(
        format: String?, delimiter: String?, encoding: String?, header: Bool?, table: String?, fields: String?
    ) throws(OptionProblem) -> FileOptions {
        var options: [String: String] = [:]
        options["format-in"] = format
        options["delimiter"] = delimiter
        options["encoding"] = encoding
        if header == false { options["no-header"] = "true" }
        options["json-path"] = table
        options["json-fields"] = fields
        do {
            return try FileOptions(parsing: options)
        } catch {
            guard case .badOption(let option, let value, let expected) = error else {
                throw OptionProblem(key: "format", message: error.description)
            }
            let names = [
                "--format-in": "format", "--json-path": "table", "--json-fields": "fields", "--no-header": "header",
            ]
            let key = names[option] ?? String(option.dropFirst(2))
            var message = "cannot be \"\(value)\": \(expected)"
            for (flag, name) in names { message = message.replacingOccurrences(of: flag, with: "`\(name)`") }
            throw OptionProblem(key: key, message: message)
        }
    }
}
