import Foundation
import ListKit

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `browse import FILE…`: recognises TWSE/MOPS files a person downloaded by hand and adds them
/// to the cache, so `--offline` can use them.
public struct Importer: Sendable {
    private let store: MarketDataStore
    private let maxFileBytes: Int

    /// - Parameters:
    ///   - maxFileBytes: The most bytes read from one file (a FIFO or a device has no end).
    public init(store: MarketDataStore, maxFileBytes: Int = ByteSize.defaultInputLimit.bytes) {
        self.store = store
        self.maxFileBytes = maxFileBytes
    }

    /// What became of one file.
    public enum Outcome: Sendable, Hashable {
        /// Added to the cache: what it was, how many records it holds, and the malformed rows
        /// that were skipped (each with its line).
        case imported(path: String, kind: String, records: Int, skipped: [ParseIssue])
        /// Not added, and why.
        case refused(path: String, reason: String)
    }

    /// Imports each file; one file's failure does not stop the others.
    ///
    /// - Parameter date: The trading date for files that carry none (`--date`).
    public func importFiles(_ paths: [String], date: CalendarDate?) -> [Outcome] {
        paths.map { path in
            do {
                return try importFile(path, date: date)
            } catch {
                return .refused(path: path, reason: String(describing: error))
            }
        }
    }

    private func importFile(_ path: String, date suppliedDate: CalendarDate?) throws -> Outcome {
        let url = URL(fileURLWithPath: path)
        let bytes = try Self.readFile(path, limit: maxFileBytes)
        let data = Data(bytes)
        let name = url.lastPathComponent
        guard let kind = TWSEFileRecognizer.recognize(data: bytes, fileName: name) else {
            throw ImportError.unrecognised
        }
        let source = "file:" + url.path
        switch kind {
        case .blockPage:
            throw ImportError.blockPage
        case .securityListCSV:
            throw ImportError.codeListOnly
        case .companyListCSV(let market):
            guard let market else { throw ImportError.unknownMarket(name) }
            let result = try CompanyListParser.parse(bytes, market: market)
            try store.store("mops/t187ap03_\(market.fileSuffix)", body: data, source: source, tradingDate: nil)
            return .imported(path: path, kind: kind.description, records: result.records.count, skipped: result.issues)
        case .tpexCompanyJSON:
            let result = try TPExCompanyJSONParser.parse(bytes, market: .otc)
            try store.store("mops/t187ap03_O", body: data, source: source, tradingDate: nil)
            return .imported(path: path, kind: kind.description, records: result.records.count, skipped: result.issues)
        case .stockDayAllCSV(let fileDate):
            guard let date = fileDate ?? suppliedDate else { throw ImportError.undated(name) }
            let day = try StockDayAllCSVParser.parse(bytes, tradingDate: date)
            try store.store(
                "\(MarketDataStore.dayPrefix)/\(date.compact)", body: data, source: source, tradingDate: date)
            return .imported(
                path: path, kind: "\(TWSEFormat.stockDayAllCSV) (\(date))", records: day.ticks.count,
                skipped: day.issues)
        case .stockDayAllJSON:
            let probe = try StockDayAllJSONParser.parse(bytes, tradingDate: suppliedDate)
            guard let date = probe.date ?? suppliedDate ?? TradingDateHint.date(fromFileName: name) else {
                throw ImportError.undated(name)
            }
            let day = try StockDayAllJSONParser.parse(bytes, tradingDate: date)
            try store.store(
                "\(MarketDataStore.dayPrefix)/\(date.compact)", body: data, source: source, tradingDate: date)
            return .imported(
                path: path, kind: "\(TWSEFormat.stockDayAllJSON) (\(date))", records: day.ticks.count,
                skipped: day.issues)
        case .stockDayJSON, .stockDayCSV:
            let month = try Self.month(of: bytes, kind: kind)
            try store.store(
                "twse/STOCK_DAY/\(month.code.rawValue)/\(month.month.year)\(month.month.month < 10 ? "0" : "")\(month.month.month)",
                body: data, source: source, tradingDate: nil)
            return .imported(
                path: path, kind: "\(kind) (\(month.code) \(month.month))", records: month.ticks.count,
                skipped: month.issues)
        }
    }

    /// The file's bytes, read up to `limit`.
    private static func readFile(_ path: String, limit: Int) throws(ImportError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(SystemError.last.description) }
        defer { close(descriptor) }
        do {
            let read = try SystemIO.readAll(descriptor, limit: limit)
            if read.truncated { throw ImportError.tooLarge(limit: limit) }
            return read.bytes
        } catch let error as ImportError {
            throw error
        } catch {
            throw .unreadable(SystemErrorText.reason(error))
        }
    }

    /// A per-stock file read for what it says it is, whatever month and code that is.
    private static func month(of bytes: [UInt8], kind: TWSEFileKind) throws -> StockMonth {
        // Parse once without expectations to learn the month, then check it properly.
        let probe: StockMonth
        if case .stockDayCSV = kind {
            probe = try StockDayCSVParser.parse(bytes, requestedMonth: nil, code: nil)
        } else {
            probe = try StockDayJSONParser.parse(bytes, requestedMonth: nil, code: nil)
        }
        return probe
    }
}

/// Why a file was not imported.
public enum ImportError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(String)
    case tooLarge(limit: Int)
    case unrecognised
    case blockPage
    case codeListOnly
    case unknownMarket(String)
    case undated(String)

    public var description: String {
        switch self {
        case .unreadable(let reason): return "cannot read it: \(reason)"
        case .tooLarge(let limit):
            return "stopped reading at \(ByteSize(limit)), the most browse reads into memory "
                + "(--max-input SIZE reads more)"
        case .unrecognised: return "not a TWSE or MOPS data file that browse knows"
        case .blockPage: return "it is TWSE's \"FOR SECURITY REASONS\" block page, not data"
        case .codeListOnly: return "a code list without prices or company data; nothing to import"
        case .unknownMarket(let name):
            return "\(name) is a company list, but its name does not say the market; "
                + "name it t187ap03_L.csv, t187ap03_O.csv or t187ap03_R.csv"
        case .undated(let name):
            return "\(name) carries no trading date; give it with --date yyyy-mm-dd "
                + "or keep TWSE's file name STOCK_DAY_ALL_yyyyMMdd.csv"
        }
    }
}
