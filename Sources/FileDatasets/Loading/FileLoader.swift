import BrowseSupport
import Foundation
import ListKit
import ListKitNetworking
import Tabular

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file, URL or standard input and indexes it as a ``FileTable``.
///
/// Regular UTF-8 files are memory-mapped; everything else is read into one buffer. The first
/// 64 KB are checked so that a binary file or a non-UTF-8 file gets a clear error rather than a
/// screen of replacement characters.
struct FileLoader: Sendable {
    let location: FileLocation
    let options: FileOptions
    /// Downloads URLs; made when needed.
    let fetcher: @Sendable () -> any HTTPFetching
    let offline: Bool
    /// The descriptor `-` reads (standard input; a pipe in tests).
    let standardInput: Int32
    /// The most bytes read into memory from standard input, a pipe, a device or a download.
    var maxInputBytes = ByteSize.defaultInputLimit.bytes
    /// Where a URL's last download is kept, so that `--offline` and a failed download open that
    /// copy; `nil` keeps none.
    var cacheFolder: URL?
    /// The clock of the cached copies.
    var now: @Sendable () -> Date = { Date() }

    /// How much of the input is checked for NUL bytes and UTF-8.
    static let checkedPrefix = 64 * 1024
    /// How much of the rest is checked for UTF-8 at a time.
    static let checkedWindow = 16 << 20

    /// How much of a large file or a slow stream is indexed first, for a first page shown
    /// before the whole input is indexed.
    static let firstPartSize = 1 << 20

    /// Loads and indexes the input.
    ///
    /// - Parameter preview: Given, before the whole input is indexed, a table of the rows in
    ///   its first part (the first megabyte of a large file, or what standard input brought before
    ///   its writer paused), when the input is a delimited text that has any. Its rows are the
    ///   first rows of the table this returns.
    /// - Parameter widths: How the pages drawn of the table measure texts: the index measures
    ///   each column's widest text as it reads the rows (``FileTable/measuredWidths``).
    /// - Throws: `FileLoadError`.
    /// - Complexity: O(n) in the size of the input.
    func load(
        progress: ProgressReporter, preview: (@Sendable (FileTable) -> Void)? = nil, widths: TextWidth? = nil
    ) async throws(FileLoadError) -> FileTable {
        let read = try await read(progress: progress, preview: preview)
        do {
            return try index(read, progress: progress, widths: widths)
        } catch {
            // A file cut short while it was read shows zeros past its new end: what the reading
            // then says (a NUL byte, a broken row) is not the file's fault but the change.
            if let change = read.change { throw .changed(location.displayName, change) }
            throw error
        }
    }

    private func index(_ read: FileBytes, progress: ProgressReporter, widths: TextWidth?) throws(FileLoadError)
        -> FileTable
    {
        let name = location.displayName
        var bytes = read
        if options.encoding == .big5 {
            bytes = try decodeBig5(bytes, name: name)
        }
        try check(bytes, name: name)
        let format = format(of: bytes.buffer)
        progress.update { $0 = LoadProgress(completed: 0, total: Int64(bytes.count), unit: .bytes, step: $0.step) }
        switch format {
        case .json, .jsonLines:
            warnAboutLateNonUTF8(bytes, name: name, progress: progress)
            let output: JSONTableReader.Output
            do {
                if let path = options.jsonPath, format == .json {
                    output = try JSONTableReader.read(bytes.buffer, path: path, fields: options.jsonFields)
                } else {
                    output = try JSONTableReader.read(bytes.buffer, lines: format == .jsonLines)
                }
            } catch {
                throw .json(name, error)
            }
            if let message = output.noData { throw .noData(name, message: message) }
            guard !output.csv.isEmpty else { throw .empty(name) }
            let csv = FileBytes(copying: output.csv)
            let table = try TableIndexer.index(
                name: name, bytes: csv, dialect: .comma, hasHeader: true, progress: nil, widths: widths)
            return table.replacingProblems(output.problems, around: output.around)
        case .csv, .tsv:
            let delimiter = delimiter(of: bytes.buffer, format: format)
            let table = try TableIndexer.index(
                name: name, bytes: bytes, dialect: CSVDialect(delimiter: delimiter), hasHeader: options.hasHeader,
                progress: progress, widths: widths)
            // The index checked the rest for UTF-8 as it read it.
            if let offset = table.firstNonUTF8 {
                warnAboutNonUTF8(at: offset, in: bytes, name: name, progress: progress)
            }
            bytes.expectRandomAccess()
            bytes.releaseResidentPages()
            return table
        }
    }

    private func format(of buffer: UnsafeBufferPointer<UInt8>) -> InputFormat {
        options.format ?? (options.jsonPath != nil ? .json : nil)
            ?? location.pathExtension.flatMap(InputFormat.init(pathExtension:)) ?? InputFormat.sniff(buffer)
    }

    private func delimiter(of buffer: UnsafeBufferPointer<UInt8>, format: InputFormat) -> UInt8 {
        options.delimiter ?? (format == .tsv ? UInt8(ascii: "\t") : DelimiterSniffer.sniff(buffer))
    }

    /// The rows of the input's first part, as they will be in the whole table; `nil` when the
    /// part has none or the input is not delimited UTF-8 text (JSON and Big5 are read whole).
    ///
    /// - Complexity: O(n) in the size of the part.
    private func firstRows(of part: UnsafeBufferPointer<UInt8>) -> FileTable? {
        let format = format(of: part)
        guard options.encoding == .utf8, format == .csv || format == .tsv else { return nil }
        let bytes = FileBytes(copying: part)
        // What the whole input would be refused for is said by its load, not here.
        guard (try? check(bytes, name: location.displayName)) != nil,
            let table = try? TableIndexer.index(
                name: location.displayName, bytes: bytes,
                dialect: CSVDialect(delimiter: delimiter(of: part, format: format)),
                hasHeader: options.hasHeader, progress: nil, partial: true),
            table.rowCount > 0
        else { return nil }
        return table
    }

    // MARK: - Reading

    private func read(progress: ProgressReporter, preview: (@Sendable (FileTable) -> Void)?) async throws(FileLoadError)
        -> FileBytes
    {
        let name = location.displayName
        switch location {
        case .path(let path):
            let bytes = try readFile(path, name: name, progress: progress)
            if let preview, bytes.count > 4 * Self.firstPartSize,
                let first = firstRows(of: UnsafeBufferPointer(rebasing: bytes.buffer[0..<Self.firstPartSize]))
            {
                preview(first)
            }
            return bytes
        case .standardInput:
            progress.update { $0 = LoadProgress(completed: 0, total: nil, unit: .bytes, step: $0.step) }
            return try readDescriptor(standardInput, expected: nil, name: name, progress: progress) { part, isAll in
                guard let preview, !isAll, let first = firstRows(of: part) else { return }
                preview(first)
            }
        case .url(let url):
            if let cacheFolder { return try await download(url, cacheFolder: cacheFolder, progress: progress) }
            guard !offline else { throw .offline(PasswordRedaction.redacting(url)) }
            progress.update { $0 = LoadProgress(completed: 0, total: nil, unit: .bytes, step: $0.step) }
            let response: FetchedResponse
            do {
                response = try await fetcher().get(url) { received, expected in
                    progress.update { state in
                        state.completed = received
                        state.total = expected
                    }
                }
            } catch {
                throw .download(error)
            }
            return FileBytes(copying: response.body)
        }
    }

    /// Downloads `url` through the cache: every open asks the server, and the last download
    /// answers offline or when the server fails (with a note saying so).
    private func download(_ url: URL, cacheFolder: URL, progress: ProgressReporter) async throws(FileLoadError)
        -> FileBytes
    {
        let downloader = CachedDownloader(
            client: fetcher(), cache: CacheStore(folder: cacheFolder), offline: offline, now: now)
        progress.update { $0 = LoadProgress(completed: 0, total: nil, unit: .bytes, step: $0.step) }
        do {
            let download = try await downloader.fetch(
                url, key: CachedDownloader.key(for: url, under: "urls"), freshness: .always
            ) { received, expected in
                progress.update { state in
                    state.completed = received
                    state.total = expected
                }
            }
            for note in download.notes { progress.note("\(location.displayName): \(note)") }
            return FileBytes(copying: download.body)
        } catch  where error.code == .offline {
            throw .offline(PasswordRedaction.redacting(url))
        } catch {
            throw .download(error)
        }
    }

    private func readFile(_ path: String, name: String, progress: ProgressReporter) throws(FileLoadError) -> FileBytes {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw .unreadable(name, reason: Self.linkProblem(path, code: code) ?? SystemError(code: code).description)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .unreadable(name, reason: SystemError.last.description)
        }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFDIR { throw .unreadable(name, reason: "it is a folder; give a file") }
        let size = Int(status.st_size)
        // A file the system makes as it is read (/proc, /sys) says it has no bytes, yet has
        // some: it is read to its end like a pipe, and a truly empty file reads nothing.
        if kind == S_IFREG, size > 0 {
            progress.update { $0 = LoadProgress(completed: 0, total: Int64(size), unit: .bytes, step: $0.step) }
            // A mapped file costs pages of the file, not memory of the program: no input limit.
            if options.encoding == .utf8, let mapped = FileBytes.map(descriptor: descriptor, length: size) {
                return mapped
            }
            guard size <= maxInputBytes else { throw .overLimit(name, limit: maxInputBytes) }
        } else {
            progress.update { $0 = LoadProgress(completed: 0, total: nil, unit: .bytes, step: $0.step) }
        }
        return try readDescriptor(
            descriptor, expected: kind == S_IFREG && size > 0 ? size : nil, name: name, progress: progress)
    }

    /// What is wrong with a symbolic link that could not be opened: a loop, or a target that
    /// does not exist; `nil` when `path` is no link or the failure is another.
    static func linkProblem(_ path: String, code: Int32) -> String? {
        var status = stat()
        guard code == ELOOP || code == ENOENT, lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK
        else { return nil }
        if code == ELOOP { return "it is a symbolic link that leads back to itself (a loop of links)" }
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &target, target.count - 1)
        guard count > 0 else { return "it is a symbolic link to a file that does not exist" }
        let destination = String(decoding: target[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "it is a symbolic link to \"\(destination)\", which does not exist"
    }

    /// Reads a descriptor into memory, up to the input limit.
    private func readDescriptor(
        _ descriptor: Int32, expected: Int?, name: String, progress: ProgressReporter,
        firstPart: ((UnsafeBufferPointer<UInt8>, _ isAll: Bool) -> Void)? = nil
    ) throws(FileLoadError) -> FileBytes {
        let read = DescriptorReader.readAll(
            descriptor, expected: expected, limit: maxInputBytes, progress: progress,
            firstPartSize: Self.firstPartSize, firstPart: firstPart)
        switch read {
        case .success(let bytes): return bytes
        case .failure(.overLimit): throw .overLimit(name, limit: maxInputBytes)
        case .failure(.system(let code)): throw .unreadable(name, reason: SystemError(code: code).description)
        }
    }

    private func decodeBig5(_ bytes: FileBytes, name: String) throws(FileLoadError) -> FileBytes {
        do {
            let text = try TextDecoding.decodeBig5(Array(bytes.buffer))
            return FileBytes(copying: text.utf8)
        } catch {
            throw .notBig5(name, error)
        }
    }

    // MARK: - Checks

    /// UTF-16: a byte order mark of its own, or (without one) text whose first bytes have a NUL
    /// in every other place, as ASCII has in UTF-16.
    ///
    /// - Complexity: O(1): at most 512 bytes are looked at.
    static func looksLikeUTF16(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard buffer.count >= 2 else { return false }
        if (buffer[0], buffer[1]) == (0xFF, 0xFE) || (buffer[0], buffer[1]) == (0xFE, 0xFF) {
            // UTF-32 LE also starts FF FE, then two NULs: not UTF-16, and not text either.
            return !(buffer.count >= 4 && buffer[2] == 0 && buffer[3] == 0)
        }
        let sample = min(buffer.count, 512) & ~1
        guard sample >= 4 else { return false }
        var nuls = (even: 0, odd: 0)
        for index in 0..<sample where buffer[index] == 0 {
            if index % 2 == 0 { nuls.even += 1 } else { nuls.odd += 1 }
        }
        let pairs = sample / 2
        return (nuls.odd * 2 >= pairs && nuls.even == 0) || (nuls.even * 2 >= pairs && nuls.odd == 0)
    }

    /// Bytes that are not UTF-8 after the checked prefix are shown as U+FFFD, and exports
    /// write U+FFFD for them too: say so once, with the line of the first.
    ///
    /// - Complexity: O(n), on every core for a large input.
    private func warnAboutLateNonUTF8(_ bytes: FileBytes, name: String, progress: ProgressReporter) {
        let buffer = bytes.buffer
        guard buffer.count > Self.checkedPrefix else { return }
        var start = Self.checkedPrefix
        while start > 0, buffer[start] & 0xC0 == 0x80 { start -= 1 }
        // In windows that end between characters, letting each window's pages go after it.
        var found: Int?
        while found == nil, start < buffer.count {
            var end = min(buffer.count, start + Self.checkedWindow)
            while end < buffer.count, end > start, buffer[end] & 0xC0 == 0x80 { end -= 1 }
            found = UTF8Validation.firstInvalidByte(in: UnsafeBufferPointer(rebasing: buffer[0..<end]), from: start)
            bytes.releaseResidentPages(in: start..<end)
            start = end
        }
        guard let offset = found else { return }
        warnAboutNonUTF8(at: offset, in: bytes, name: name, progress: progress)
    }

    /// Says that the byte at `offset` and perhaps others are not UTF-8, with its line.
    ///
    /// - Complexity: O(n) in the bytes before `offset`.
    private func warnAboutNonUTF8(at offset: Int, in bytes: FileBytes, name: String, progress: ProgressReporter) {
        let buffer = bytes.buffer
        var line = 1
        for index in 0..<offset where buffer[index] == ASCII.lineFeed { line += 1 }
        progress.note(
            "\(name): line \(line) has bytes that are not UTF-8 (the first at byte offset \(offset)); they show as "
                + "\u{FFFD} and an export writes \u{FFFD} for them (for a Big5 file add --encoding big5)")
    }

    /// Refuses empty input, binary input, a web page where no format was asked for, and (in
    /// the first 64 KB) bytes that are not UTF-8.
    private func check(_ bytes: FileBytes, name: String) throws(FileLoadError) {
        let buffer = bytes.buffer
        let start = ByteOrderMark.length(in: buffer)
        guard buffer[start...].contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw .empty(name)
        }
        // A name ending in .csv says nothing about what a server sent; only --format does.
        if options.format == nil, WebPageSniffer.isWebPage(buffer) {
            throw .webPage(name, title: WebPageSniffer.title(buffer))
        }
        var prefixEnd = min(buffer.count, Self.checkedPrefix)
        if Self.looksLikeUTF16(buffer) { throw .utf16(name) }
        if let nul = buffer[0..<prefixEnd].firstIndex(of: 0) { throw .binary(name, byteOffset: nul) }
        // Do not cut a character at the end of the checked prefix.
        if prefixEnd < buffer.count {
            while prefixEnd > 0, buffer[prefixEnd] & 0xC0 == 0x80 { prefixEnd -= 1 }
        }
        do {
            _ = try TextDecoding.decodeUTF8(Array(buffer[0..<prefixEnd]))
        } catch {
            throw .notUTF8(name, error)
        }
    }
}
