import BrowseSupport
import Foundation
import ListKit
import Tabular

/// Reads an answer of the exchange's MIS quote service (`getStockInfo.jsp`, `getOddInfo.jsp`).
///
/// ```text
/// {"msgArray":[{"c":"2330","n":"台積電","z":"593.0000","y":"593.0000",
///   "a":"593.0000_594.0000_595.0000_596.0000_597.0000_","f":"1938_1465_2925_2407_921_",…,
///   "tlong":"1703831400000","ex":"tse"}],"rtcode":"0000","rtmessage":"OK",…}
/// ```
///
/// Every value is a string. `-` means nothing in this snapshot (`z` between trades); the book is
/// five prices or sizes joined by `_` with a trailing `_`; prices have four decimals since 2021
/// and two before (an index's always two). An index row has no book and no limits.
package enum QuoteParser {
    /// Parses the body.
    ///
    /// - Parameters:
    ///   - bytes: The JSON body.
    ///   - oddLots: The body answers `getOddInfo.jsp`: its rows are odd lots.
    /// - Returns: The quotes, in the service's order. A row without a code is left out.
    /// - Throws: ``QuoteError/service(rtcode:message:)`` with the service's message when
    ///   `rtcode` is not `0000` or is missing; ``QuoteError/unreadable(_:)`` for a body that is
    ///   not a quote answer.
    /// - Complexity: O(n) in the size of the body.
    package static func parse(_ bytes: [UInt8], oddLots: Bool = false) throws(QuoteError) -> [Quote] {
        let root: JSONValue
        do throws(TWSEParseError) {
            root = try JSONValue.decode(bytes, format: .misQuoteJSON)
        } catch {
            throw .unreadable(unreadableDetail(error))
        }
        guard root.members != nil else { throw .unreadable("it is JSON \(root.kindName), not an object") }
        let rtcode = root["rtcode"]?.string.flatMap(FieldText.clean)
        let message = root["rtmessage"]?.string.flatMap(FieldText.clean)
        guard let rtcode, rtcode == "0000" else { throw .service(rtcode: rtcode, message: message) }
        guard let rows = root["msgArray"]?.array else { throw .unreadable("it has no \"msgArray\"") }
        return rows.compactMap { quote($0, oddLots: oddLots) }
    }

    private static func unreadableDetail(_ error: TWSEParseError) -> String {
        switch error {
        case .blockPage: return "the exchange's block page: this address is refused for a while"
        case .empty: return "an empty body"
        case .invalidJSON(_, let detail): return detail
        default: return error.description
        }
    }

    /// One row; `nil` when it has no code the program can ask for again.
    package static func quote(_ row: JSONValue, oddLots: Bool) -> Quote? {
        guard row.members != nil else { return nil }
        func text(_ key: String) -> String? {
            guard let value = row[key]?.string.flatMap(FieldText.clean), value != "-" else { return nil }
            return value
        }
        func price(_ key: String) -> ExactDecimal? {
            // A price is never zero: the service writes 0 for "none" in some fields.
            guard let value = text(key).flatMap({ ExactDecimal($0, allowsGrouping: false) }), value.signum > 0
            else { return nil }
            return value
        }
        func integer(_ key: String) -> Int64? { text(key).flatMap { Int64($0) } }
        guard let codeText = text("c"), let code = QuoteCode(codeText) else { return nil }
        let isIndex = code.isIndex || row["i"]?.string == "tidx.tw"
        let kind: Quote.Kind = isIndex ? .index : (oddLots || row["qt"] != nil ? .oddLot : .stock)
        let bids = book(prices: text("b"), sizes: text("g"))
        let asks = book(prices: text("a"), sizes: text("f"))
        let previousClose = price("y")
        var last = price("z")
        var origin = Quote.LastOrigin.trade
        if last == nil {
            if let earlier = price("pz") {
                (last, origin) = (earlier, .earlierTrade)
            } else if let bid = bids.first?.price {
                (last, origin) = (bid, .bestBid)
            } else if let previousClose {
                (last, origin) = (previousClose, .previousClose)
            }
        }
        let market: Market? =
            switch text("ex") {
            case "tse": .listed
            case "otc": .otc
            default: code.indexMarket
            }
        let time = integer("tlong").map { Date(timeIntervalSince1970: Double($0) / 1000) }
        return Quote(
            code: code, kind: kind, market: market, name: text("n") ?? code.rawValue, fullName: text("nf"),
            last: last, lastOrigin: origin, lastVolume: integer("tv"), volume: integer("v"),
            previousClose: previousClose, open: price("o"), high: price("h"), low: price("l"),
            limitUp: price("u"), limitDown: price("w"), bids: bids, asks: asks, time: time,
            date: text("d").flatMap { CalendarDate(iso: $0) }, timeText: text("t"))
    }

    /// Five levels from `_`-joined prices and sizes (`"593.0000_594.0000_"`, `"1938_1465_"`).
    /// A level without a price is left out: at the limit the service sends `0` or `-`.
    package static func book(prices: String?, sizes: String?) -> [BookLevel] {
        guard let prices else { return [] }
        let priceParts = prices.split(separator: "_", omittingEmptySubsequences: false)
        let sizeParts = (sizes ?? "").split(separator: "_", omittingEmptySubsequences: false)
        var levels: [BookLevel] = []
        for (index, part) in priceParts.enumerated() {
            guard let price = ExactDecimal(part, allowsGrouping: false), price.signum > 0 else { continue }
            let size = index < sizeParts.count ? Int64(sizeParts[index]) : nil
            levels.append(BookLevel(price: price, size: size))
        }
        return levels
    }
}
