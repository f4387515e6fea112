import Foundation
import ListKit
import ListKitNetworking
import Tabular

/// A table described rather than named: a file, a URL or a pattern of files, how to read them,
/// which columns to keep (in which order, under which titles), and the order of the rows. What
/// a dataset made from configuration (a manifest) shows.
///
/// ```swift
/// let recipe = TableRecipe(
///     name: "orders", input: .files(pattern: "~/exports/orders-*.csv", fileColumn: "file"),
///     columns: [PickedColumn("id", kind: .code), PickedColumn("total")],
///     sort: ListKit.SortOrder(column: "total", descending: true))
/// ```
public struct TableRecipe: Sendable {
    /// Where the rows come from.
    public enum Input: Sendable, Hashable {
        /// One file or URL.
        case location(FileLocation)
        /// Every file a ``FilePattern`` matches, read as one table, with a first column
        /// (`fileColumn`) naming each row's file.
        case files(pattern: String, fileColumn: String)
    }

    /// The breadcrumb's name.
    public var name: String
    public var input: Input
    /// How to read each file (format, delimiter, header, encoding, JSON path).
    public var options: FileOptions
    /// The columns kept, in order; `nil` keeps all the source's.
    public var columns: [PickedColumn]?
    /// The order of the rows (a kept column, by its source name or title); `nil` keeps the file's.
    public var sort: ListKit.SortOrder?

    public init(
        name: String, input: Input, options: FileOptions = FileOptions(), columns: [PickedColumn]? = nil,
        sort: ListKit.SortOrder? = nil
    ) {
        self.name = name
        self.input = input
        self.options = options
        self.columns = columns
        self.sort = sort
    }

    /// The screen of the table, loaded (with progress) when the front end first shows it.
    ///
    /// - Parameters:
    ///   - fetcher: Downloads a URL source for one load (a refresh is `request.refresh`).
    ///   - maxInputBytes: The most one input may bring into memory.
    ///   - drill: What choosing a row does, given its cells; `nil` (or a `nil` answer) shows the
    ///     row's detail.
    @MainActor
    public func screen(
        fetcher: @escaping @Sendable (LoadRequest) -> any HTTPFetching, maxInputBytes: Int,
        drill: (@MainActor ([NamedCell]) throws -> Selection?)? = nil
    ) -> GenericListController<FileRow, ColumnsRow> {
        var kinds: [String: ColumnKind] = [:]
        for column in columns ?? [] { kinds[column.shownName] = column.kind }
        let recipe = self
        return FileScreen.make(name: name, fullName: sourceName, columnKinds: kinds, drill: drill) { request, _ in
            try await recipe.load(
                fetcher: { fetcher(request) }, progress: request.progress, maxInputBytes: maxInputBytes)
        }
    }

    /// The source as a person wrote it: the path, URL or pattern.
    public var sourceName: String {
        switch input {
        case .location(let location): return location.fullName
        case .files(let pattern, _): return pattern
        }
    }

    /// Reads the source and shapes it.
    ///
    /// - Returns: The table, and its rows in the recipe's order (`nil` for file order).
    /// - Throws: `FileLoadError` for a single source that cannot be read, `TableRecipeError`
    ///   for a pattern without files, a file of a pattern that cannot be read, or a column the
    ///   source does not have.
    /// - Complexity: O(n) in the source's size; when columns are picked or files joined, the
    ///   kept cells are copied once into a new table.
    public func load(
        fetcher: @escaping @Sendable () -> any HTTPFetching, progress: ProgressReporter, maxInputBytes: Int
    ) async throws -> (FileTable, [FileRow]?) {
        var table: FileTable
        switch input {
        case .location(let location):
            let loader = FileLoader(
                location: location, options: options, fetcher: fetcher, offline: false, standardInput: -1,
                maxInputBytes: maxInputBytes)
            table = try await loader.load(progress: progress)
            if let columns { table = try Self.reshape([(nil, table)], fileColumn: nil, columns: columns, name: name) }
        case .files(let pattern, let fileColumn):
            let paths = FilePattern.expand(pattern)
            guard !paths.isEmpty else { throw TableRecipeError.noFiles(pattern: pattern) }
            var tables: [(String?, FileTable)] = []
            for (number, path) in paths.enumerated() {
                progress.update { $0.step = "file \(number + 1) of \(paths.count)" }
                let loader = FileLoader(
                    location: .path(path), options: options, fetcher: fetcher, offline: true, standardInput: -1,
                    maxInputBytes: maxInputBytes)
                do throws(FileLoadError) {
                    tables.append(((path as NSString).lastPathComponent, try await loader.load(progress: progress)))
                } catch {
                    throw TableRecipeError.file(path, error)
                }
            }
            table = try Self.reshape(tables, fileColumn: fileColumn, columns: columns, name: name)
        }
        guard let sort else { return (table, nil) }
        let wanted = columns?.first { $0.name == sort.column }?.shownName ?? sort.column
        guard let column = table.column(named: wanted) else {
            throw TableRecipeError.missingColumn(sort.column, available: table.columns.map(\.name))
        }
        let order = table.sorted(byColumn: column, descending: sort.descending, indices: Array(0..<table.rowCount))
        return (table, order.map(FileRow.init(index:)))
    }

    /// One table of the kept columns of `tables`, in order, with a first column naming each
    /// row's file when `fileColumn` is given.
    ///
    /// - Throws: `TableRecipeError.missingColumn` for a picked column no table has.
    /// - Complexity: O(n) in the cells kept.
    static func reshape(
        _ tables: [(file: String?, table: FileTable)], fileColumn: String?, columns: [PickedColumn]?, name: String
    ) throws -> FileTable {
        // The file column is one of the table's columns: it may be picked, placed and renamed.
        var available = fileColumn.map { [$0] } ?? []
        var seen = Set(available)
        for (_, table) in tables {
            for column in table.columns where seen.insert(column.name).inserted { available.append(column.name) }
        }
        let picked = columns ?? available.map { PickedColumn($0) }
        for column in picked where !seen.contains(column.name) {
            throw TableRecipeError.missingColumn(column.name, available: available)
        }
        var csv: [UInt8] = []
        JSONTableReader.appendRecord(picked.map(\.shownName), to: &csv)
        var problems = RowProblems()
        var around: [String] = []
        for (file, table) in tables {
            let positions = picked.map { $0.name == fileColumn ? nil : table.column(named: $0.name) }
            let isFile = picked.map { $0.name == fileColumn }
            var scratch = RowScratch()
            var record: [String] = []
            for row in 0..<table.rowCount {
                let cells = table.namedCells(of: FileRow(index: row), scratch: &scratch)
                record.removeAll(keepingCapacity: true)
                for (index, position) in positions.enumerated() {
                    record.append(isFile[index] ? file ?? "" : position.map { cells[$0].cell.text } ?? "")
                }
                JSONTableReader.appendRecord(record, to: &csv)
            }
            for problem in table.problems.first { problems.append(problem) }
            // The titles around one file describe its rows; the files of a pattern each have
            // their own, which above a joined (or narrowed) table would describe rows not shown.
            if tables.count == 1 { around += table.around }
        }
        let reshaped = try TableIndexer.index(
            name: name, bytes: FileBytes(copying: csv), dialect: .comma, hasHeader: true, progress: nil)
        return reshaped.replacingProblems(problems, around: around)
    }
}
