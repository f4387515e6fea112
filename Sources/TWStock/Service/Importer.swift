import BrowseSupport
import Foundation
import ListKit

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `browse import FILE…`: recognises TWSE/MOPS files a person downloaded by hand and adds them
/// to the cache, so `--offline` can use them.
package struct Importer: Sendable {
    private let store: MarketDataStore
    private let maxFileBytes: Int

    /// - Parameters:
    ///   - maxFileBytes: The most bytes read from one file (a FIFO or a device has no end).
    package init(store: MarketDataStore, maxFileBytes: Int = ByteSize.defaultInputLimit.bytes) {
        self.store = store
        self.maxFileBytes = maxFileBytes
    }

    /// What became of one file.
    package enum Outcome: Sendable, Hashable {
        /// Added to the cache: what it was, how many records it holds, and the malformed rows
        /// that were skipped (each with its line).
        case imported(path: String, kind: String, records: Int, skipped: [ParseIssue])
        /// Not added, and why.
        case refused(path: String, reason: String)
    }

    /// Imports each file; one file's failure does not stop the others.
    ///
    /// - Parameters:
    ///   - date: The trading date for files that carry none (`--date`); a file that carries
    ///     another date, or a month without it, is refused.
    ///   - code: The security of per-stock files that do not name it (`--code`); a file that
    ///     names another one is refused.
    package func importFiles(_ paths: [String], date: CalendarDate?, code: StockCode? = nil) -> [Outcome] {
        paths.map { path in
            do {
                return try importFile(path, date: date, code: code)
            } catch {
                return .refused(path: path, reason: String(describing: error))
            }
        }
    }

    private func importFile(_ path: String, date suppliedDate: CalendarDate?, code suppliedCode: StockCode?) throws
        -> Outcome
    {
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
            try Self.requireRecords(result.records.count, skipped: result.issues)
            try store.store("mops/t187ap03_\(market.fileSuffix)", body: data, source: source, tradingDate: nil)
            return .imported(path: path, kind: kind.description, records: result.records.count, skipped: result.issues)
        case .tpexCompanyJSON:
            let result = try TPExCompanyJSONParser.parse(bytes, market: .otc)
            try Self.requireRecords(result.records.count, skipped: result.issues)
            try store.store("mops/t187ap03_O", body: data, source: source, tradingDate: nil)
            return .imported(path: path, kind: kind.description, records: result.records.count, skipped: result.issues)
        case .stockDayAllCSV(let fileDate):
            if let fileDate, let suppliedDate, fileDate != suppliedDate {
                throw ImportError.dateConflict(own: fileDate, given: suppliedDate, from: "its file name")
            }
            guard let date = fileDate ?? suppliedDate else { throw ImportError.undated(name) }
            let day = try StockDayAllCSVParser.parse(bytes, tradingDate: date)
            try Self.requireRecords(day.ticks.count, skipped: day.issues)
            try store.store(
                "\(MarketDataStore.dayPrefix)/\(date.compact)", body: data, source: source, tradingDate: date)
            return .imported(
                path: path, kind: "\(TWSEFormat.stockDayAllCSV) (\(date))", records: day.ticks.count,
                skipped: day.issues)
        case .stockDayAllJSON:
            let probe = try StockDayAllJSONParser.parse(bytes, tradingDate: nil)
            let own =
                probe.date.map { ($0, "its Date field") }
                ?? TradingDateHint.date(fromFileName: name).map { ($0, "its file name") }
            if let (ownDate, origin) = own, let suppliedDate, ownDate != suppliedDate {
                throw ImportError.dateConflict(own: ownDate, given: suppliedDate, from: origin)
            }
            guard let date = own?.0 ?? suppliedDate else { throw ImportError.undated(name) }
            let day = try StockDayAllJSONParser.parse(bytes, tradingDate: date)
            try Self.requireRecords(day.ticks.count, skipped: day.issues)
            try store.store(
                "\(MarketDataStore.dayPrefix)/\(date.compact)", body: data, source: source, tradingDate: date)
            return .imported(
                path: path, kind: "\(TWSEFormat.stockDayAllJSON) (\(date))", records: day.ticks.count,
                skipped: day.issues)
        case .valuationCSV(let fileDate):
            if let fileDate, let suppliedDate, fileDate != suppliedDate {
                throw ImportError.dateConflict(own: fileDate, given: suppliedDate, from: "its title")
            }
            guard let date = fileDate ?? suppliedDate else { throw ImportError.undated(name) }
            let report = try ValuationParser.parseTWSE(bytes, day: date)
            guard report.noData == nil else { throw TWSEParseError.empty(.valuationCSV) }
            try Self.requireRecords(report.rows.count, skipped: report.issues)
            try store.store(
                DayReportKind.valuation.cacheKey(.listed, day: date), body: data, source: source, tradingDate: date)
            return .imported(
                path: path, kind: kind.description, records: report.rows.count, skipped: report.issues)
        case .stockDayJSON, .stockDayCSV, .tpexStockMonthJSON:
            let (month, codeOrigin) = try Self.month(of: bytes, kind: kind, fileName: name, code: suppliedCode)
            if let suppliedDate, !month.month.contains(suppliedDate) {
                throw ImportError.monthConflict(month: month.month, given: suppliedDate)
            }
            try Self.requireRecords(month.ticks.count, skipped: month.issues)
            try store.store(
                MarketDataStore.monthKey(month.month, of: month.code, market: month.market), body: data,
                source: source, tradingDate: nil)
            let origin = codeOrigin.map { ", the code from \($0)" } ?? ""
            return .imported(
                path: path, kind: "\(kind) (\(month.code) \(month.month)\(origin))", records: month.ticks.count,
                skipped: month.issues)
        }
    }

    /// Refuses a file none of whose rows could be read: importing it would add nothing but
    /// an empty day or month to the cache, and call that imported.
    private static func requireRecords(_ records: Int, skipped: [ParseIssue]) throws(ImportError) {
        guard records == 0, let first = skipped.first else { return }
        throw .everyRowSkipped(count: skipped.count, first: first)
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

    /// A per-stock file read for what it says it is, whatever month that is. Its security is
    /// the one it names; a file that names none (no title line) takes `code`, or the code in
    /// its file name.
    ///
    /// - Returns: The month, and where its code came from when the file did not say.
    private static func month(of bytes: [UInt8], kind: TWSEFileKind, fileName: String, code: StockCode?) throws
        -> (StockMonth, String?)
    {
        func parse(_ code: StockCode?) throws(TWSEParseError) -> StockMonth {
            switch kind {
            case .stockDayCSV: return try StockDayCSVParser.parse(bytes, requestedMonth: nil, code: code)
            case .tpexStockMonthJSON: return try TPExStockMonthParser.parse(bytes, requestedMonth: nil, code: code)
            default: return try StockDayJSONParser.parse(bytes, requestedMonth: nil, code: code)
            }
        }
        if let code {
            // A file named for another security is that security's, as a file's own date is
            // its own: refused rather than stored under the code given.
            if let named = SecurityCodeHint.code(fromFileName: fileName), named != code {
                throw ImportError.codeConflictWithName(named: named, given: code, fileName: fileName)
            }
            do {
                return (try parse(code), nil)
            } catch .wrongStock(_, let requested, let received) {
                throw ImportError.codeConflict(own: received, given: requested)
            }
        }
        do {
            return (try parse(nil), nil)
        } catch .unknownCode {
            guard let hinted = SecurityCodeHint.code(fromFileName: fileName) else {
                throw ImportError.unknownCode(fileName)
            }
            return (try parse(hinted), "its file name")
        }
    }
}

/// Why a file was not imported.
package enum ImportError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(String)
    case tooLarge(limit: Int)
    case unrecognised
    case blockPage
    case codeListOnly
    case unknownMarket(String)
    case undated(String)
    /// `--date` names another day than the file's own.
    case dateConflict(own: CalendarDate, given: CalendarDate, from: String)
    /// `--date` is not in the month a per-stock file holds.
    case monthConflict(month: YearMonth, given: CalendarDate)
    /// A per-stock file that names no security, and whose file name does not either.
    case unknownCode(String)
    /// `--code` names another security than the file's own.
    case codeConflict(own: StockCode, given: StockCode)
    /// `--code` names another security than the file's name (`STOCK_DAY_2330_202109.csv`), for
    /// a file that does not name one inside.
    case codeConflictWithName(named: StockCode, given: StockCode, fileName: String)
    /// Every row of the file was malformed: `count` of them, the first of which is `first`.
    case everyRowSkipped(count: Int, first: ParseIssue)

    package var description: String {
        switch self {
        case .unreadable(let reason): return "cannot read it: \(reason)"
        case .tooLarge(let limit):
            return "stopped reading at \(ByteSize(limit)), the most read into memory "
                + "(--max-input SIZE reads more)"
        case .unrecognised: return "not a TWSE or MOPS data file of a kind known here"
        case .blockPage: return "it is TWSE's \"FOR SECURITY REASONS\" block page, not data"
        case .codeListOnly: return "a code list without prices or company data; nothing to import"
        case .unknownMarket(let name):
            return "\(name) is a company list, but its name does not say the market; "
                + "name it t187ap03_L.csv, t187ap03_O.csv or t187ap03_R.csv"
        case .undated(let name):
            return "\(name) carries no trading date; give it with --date yyyy-mm-dd "
                + "or keep TWSE's file name STOCK_DAY_ALL_yyyyMMdd.csv"
        case .dateConflict(let own, let given, let origin):
            return "its own trading date is \(own) (from \(origin)), not --date \(given); "
                + "import it without --date"
        case .monthConflict(let month, let given):
            return "it holds \(month), and --date \(given) is not in that month; import it without --date"
        case .unknownCode(let name):
            return "\(name) does not name its security (it has no title line) and neither does its file name; "
                + "give it with --code CODE"
        case .codeConflict(let own, let given):
            return "it is a month of \(own), not of --code \(given)"
        case .codeConflictWithName(let named, let given, let fileName):
            return "its name \(fileName) says it is a month of \(named), not of --code \(given); "
                + "import it without --code, or rename it"
        case .everyRowSkipped(let count, let first):
            let rows = count == 1 ? "its only row" : "every one of its \(count) rows"
            return "nothing in it could be read: \(rows) is malformed (\(first)); nothing was added to the cache"
        }
    }
}
