import BrowseSupport
import ListKit

/// A dataset described in one JSON file: where its rows come from, which columns it has, its
/// order, and what choosing a row opens.
///
/// ```json
/// {"id": "listed", "title": "Listed companies", "summary": "MOPS basic data",
///  "source": "~/data/t187ap03_L.csv",
///  "columns": ["公司代號", "公司簡稱", "產業別"],
///  "sort": "公司代號",
///  "drill": {"dataset": "prices", "where": "證券代號 = {公司代號}"}}
/// ```
package struct Manifest: Codable, Sendable, Hashable {
    /// What a person types to open it: lower kebab-case, not the name of anything built in.
    package var id: String
    package var title: String
    package var summary: String?
    package var source: ManifestSource
    /// The columns kept, in order; `nil` keeps every column of the source.
    package var columns: [ManifestColumn]?
    /// `COL` or `COL:desc`.
    package var sort: String?
    package var drill: ManifestDrill?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, title, summary, source, columns, sort, drill
    }

    package init(
        id: String, title: String, summary: String? = nil, source: ManifestSource, columns: [ManifestColumn]? = nil,
        sort: String? = nil, drill: ManifestDrill? = nil
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.source = source
        self.columns = columns
        self.sort = sort
        self.drill = drill
    }
}

/// Where a manifest's rows come from: a file, a pattern of files, or an http(s) URL, with the
/// command line's file options. A string is the location alone.
package struct ManifestSource: Codable, Sendable, Hashable {
    /// A path (`~/` allowed), a pattern of files (`exports/*.csv`), or an http(s) URL.
    package var location: String
    /// `csv`, `tsv`, `json` or `jsonl`; by default from the name or the bytes.
    package var format: String?
    /// `,`, `;`, `|`, `tab`…; by default sniffed.
    package var delimiter: String?
    /// `utf-8` or `big5`.
    package var encoding: String?
    /// False when the first row is data.
    package var header: Bool?
    /// Where a JSON document keeps its rows: `data`, `tables.0.data`; for a SQLite file, the
    /// table or view.
    package var table: String?
    /// For a SQLite file: the statement whose rows are the dataset (`SELECT …`).
    package var query: String?
    /// Where a JSON table of arrays keeps its column names: `tables.0.fields`.
    package var fields: String?
    /// How long a downloaded copy answers without asking again: `30m`, `6h`, `1d`, `forever`, `always`.
    package var freshness: String?
    /// For a pattern of files: the name of the column naming each row's file (default `file`).
    package var fileColumn: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case path, url, format, delimiter, encoding, header, table, query, fields, freshness, fileColumn
    }

    package init(location: String) {
        self.location = location
    }

    package init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            location = text
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let path = try container.decodeIfPresent(String.self, forKey: .path)
        let url = try container.decodeIfPresent(String.self, forKey: .url)
        switch (path, url) {
        case (let path?, nil): location = path
        case (nil, let url?):
            // Checked here, where the key is known: `file:///etc/passwd` must not become a path.
            guard Self.isHTTP(url) else {
                throw JSONDecodingFailure(
                    path: decoder.codingPath.map(\.stringValue) + ["url"], atKey: false,
                    message: "must be an http(s) URL, not \"\(PasswordRedaction.redacting(url))\"; "
                        + "a file is given by `path`")
            }
            location = url
        default:
            throw JSONDecodingFailure(
                path: decoder.codingPath.map(\.stringValue), atKey: false,
                message: "needs one of `path` (a file or a pattern of files) and `url`")
        }
        format = try container.decodeIfPresent(String.self, forKey: .format)
        delimiter = try container.decodeIfPresent(String.self, forKey: .delimiter)
        encoding = try container.decodeIfPresent(String.self, forKey: .encoding)
        header = try container.decodeIfPresent(Bool.self, forKey: .header)
        table = try container.decodeIfPresent(String.self, forKey: .table)
        query = try container.decodeIfPresent(String.self, forKey: .query)
        fields = try container.decodeIfPresent(String.self, forKey: .fields)
        freshness = try container.decodeIfPresent(String.self, forKey: .freshness)
        fileColumn = try container.decodeIfPresent(String.self, forKey: .fileColumn)
    }

    package func encode(to encoder: any Encoder) throws {
        guard hasOptions else {
            var single = encoder.singleValueContainer()
            try single.encode(location)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(location, forKey: isURL ? .url : .path)
        try container.encodeIfPresent(format, forKey: .format)
        try container.encodeIfPresent(delimiter, forKey: .delimiter)
        try container.encodeIfPresent(encoding, forKey: .encoding)
        try container.encodeIfPresent(header, forKey: .header)
        try container.encodeIfPresent(table, forKey: .table)
        try container.encodeIfPresent(query, forKey: .query)
        try container.encodeIfPresent(fields, forKey: .fields)
        try container.encodeIfPresent(freshness, forKey: .freshness)
        try container.encodeIfPresent(fileColumn, forKey: .fileColumn)
    }

    /// True when anything but the location is given.
    package var hasOptions: Bool {
        format != nil || delimiter != nil || encoding != nil || header != nil || table != nil || query != nil
            || fields != nil || freshness != nil || fileColumn != nil
    }

    /// True for an http(s) URL.
    package var isURL: Bool { Self.isHTTP(location) }

    private static func isHTTP(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }
}

/// A column a manifest keeps: the source's column name, or an object that adds a title and a kind.
package struct ManifestColumn: Codable, Sendable, Hashable {
    /// The column's name in the source.
    package var name: String
    /// What the dataset calls it.
    package var title: String?
    /// `text`, `code`, `integer`, `decimal` or `date`.
    package var kind: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, title, kind
    }

    package init(name: String, title: String? = nil, kind: String? = nil) {
        self.name = name
        self.title = title
        self.kind = kind
    }

    package init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            name = text
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        kind = try container.decodeIfPresent(String.self, forKey: .kind)
    }

    package func encode(to encoder: any Encoder) throws {
        guard title != nil || kind != nil else {
            var single = encoder.singleValueContainer()
            try single.encode(name)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(kind, forKey: .kind)
    }

    /// The name the dataset shows.
    package var shownName: String { title ?? name }
}

/// What choosing a row opens: another dataset narrowed by a `where` expression, or a URL opened
/// as a dataset; in both, `{COL}` is the chosen row's value of column `COL`.
package struct ManifestDrill: Codable, Sendable, Hashable {
    /// The id of the dataset to open.
    package var dataset: String?
    /// The `where` expression that narrows it (`證券代號 = {公司代號}`).
    package var `where`: String?
    /// A URL template (`https://example.com/history?code={code}`).
    package var url: String?
    /// The breadcrumb of the screen opened (`{公司簡稱}'s prices`); by default the chosen row's first value.
    package var title: String?
    /// For `url`: the format, the JSON path to the rows and their names, and how long a copy answers.
    package var format: String?
    package var table: String?
    package var fields: String?
    package var freshness: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case dataset, `where`, url, title, format, table, fields, freshness
    }

    package init(dataset: String? = nil, where condition: String? = nil, url: String? = nil, title: String? = nil) {
        self.dataset = dataset
        self.where = condition
        self.url = url
        self.title = title
    }
}
