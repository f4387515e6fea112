import Foundation
import ListKit
import ListKitNetworking
import Synchronization

/// Asks the exchange's MIS service for live quotes: one `GET /stock/index.jsp` for the session
/// cookie the service expects, then `getStockInfo.jsp` with every code joined by `|`, in as few
/// requests as the service's limit on codes allows.
///
/// Requests go through the context's polite client, so the quote host has its own budget of 3
/// requests in any 5 s, shared by every process of the user through the throttle's lock files.
/// Quotes are never written to the cache: a quote is a moment, not history.
package final class QuoteClient: Sendable {
    /// The most codes one request names. The service answers a long list, but a URL of more
    /// than about 2,000 bytes is refused by some proxies; 50 codes stay well under that.
    package static let codesPerRequest = 50

    private let base: URL
    private let client: any HTTPFetching
    private let now: @Sendable () -> Date
    /// The market each code was found in, so a later refresh asks once.
    private let foundMarkets = Mutex<[QuoteCode: Market]>([:])
    private let hasSession = Mutex(false)

    /// - Parameters:
    ///   - base: The service's base URL (`https://mis.twse.com.tw`, or `BROWSE_MIS_URL`).
    ///   - client: The polite client every request goes through.
    ///   - now: The clock, for the `_` parameter the service's own page sends.
    package init(base: URL, client: any HTTPFetching, now: @escaping @Sendable () -> Date) {
        self.base = base
        self.client = client
        self.now = now
    }

    /// The quotes of `codes`, from one request when every market is known.
    ///
    /// A code whose market `knownMarkets` does not give is asked for on TWSE (`tse_`) first,
    /// then, if TWSE has no quote of it, on TPEx (`otc_`).
    ///
    /// - Parameters:
    ///   - codes: The codes, in the order the table shows them.
    ///   - knownMarkets: The markets the company lists know.
    ///   - oddLots: Ask `getOddInfo.jsp` for the codes' odd lots instead.
    /// - Returns: The snapshot; codes neither market knows are in its `unknown`.
    /// - Throws: ``QuoteError`` when a request fails or the service answers with an error.
    package func snapshot(
        of codes: [QuoteCode], knownMarkets: [QuoteCode: Market] = [:], oddLots: Bool = false
    ) async throws(QuoteError) -> QuoteSnapshot {
        try await openSession()
        let remembered = foundMarkets.withLock { $0 }
        func market(_ code: QuoteCode) -> Market {
            code.indexMarket ?? knownMarkets[code] ?? remembered[code] ?? .listed
        }
        var found: [QuoteCode: Quote] = [:]
        for quote in try await ask(codes.map { ($0, market($0)) }, oddLots: oddLots) { found[quote.code] = quote }
        // Codes of no known market that TWSE does not quote are tried on TPEx, as `stock` does.
        let retry = codes.filter { code in
            found[code] == nil && code.indexMarket == nil && knownMarkets[code] == nil && remembered[code] == nil
        }
        if !retry.isEmpty {
            for quote in try await ask(retry.map { ($0, .otc) }, oddLots: oddLots) { found[quote.code] = quote }
        }
        foundMarkets.withLock { markets in
            for (code, quote) in found { if let market = quote.market { markets[code] = market } }
        }
        var seen: Set<QuoteCode> = []
        let ordered = codes.filter { seen.insert($0).inserted }
        return QuoteSnapshot(
            quotes: ordered.compactMap { found[$0] }, unknown: ordered.filter { found[$0] == nil })
    }

    /// The service hands out its session cookie with its front page; the client's session keeps
    /// it for every later request.
    private func openSession() async throws(QuoteError) {
        guard !hasSession.withLock({ $0 }) else { return }
        let url = URL(string: base.absoluteString + "/stock/index.jsp") ?? base
        do {
            let response = try await client.get(url, progress: nil)
            guard (200..<400).contains(response.status) else {
                throw QuoteError.fetch(
                    "TWSE MIS: its front page answered HTTP \(response.status); ask again later")
            }
        } catch let error as QuoteError {
            throw error
        } catch {
            throw .fetch(String(describing: error))
        }
        hasSession.withLock { $0 = true }
    }

    private func ask(_ codes: [(QuoteCode, Market)], oddLots: Bool) async throws(QuoteError) -> [Quote] {
        var quotes: [Quote] = []
        var start = 0
        while start < codes.count {
            let part = codes[start..<min(codes.count, start + Self.codesPerRequest)]
            start += Self.codesPerRequest
            let url = requestURL(part.map { $0 }, oddLots: oddLots)
            let response: FetchedResponse
            do {
                response = try await client.get(url, progress: nil)
            } catch {
                throw .fetch(String(describing: error))
            }
            guard response.status == 200 else {
                throw .fetch("TWSE MIS answered HTTP \(response.status); ask again later")
            }
            quotes += try QuoteParser.parse(Array(response.body), oddLots: oddLots)
        }
        return quotes
    }

    /// `…/stock/api/getStockInfo.jsp?ex_ch=tse_2330.tw|otc_6223.tw&json=1&delay=0&_=EPOCH_MS`.
    package func requestURL(_ codes: [(QuoteCode, Market)], oddLots: Bool) -> URL {
        let channels = codes.map { code, market in
            "\(market == .otc ? "otc" : "tse")_\(code.rawValue).tw"
        }
        let page = oddLots ? "getOddInfo.jsp" : "getStockInfo.jsp"
        let milliseconds = Int64((now().timeIntervalSince1970 * 1000).rounded())
        // `|` is not allowed unescaped in a URL's query; the service reads it escaped.
        let list = channels.joined(separator: "%7C")
        let text = base.absoluteString + "/stock/api/\(page)?ex_ch=\(list)&json=1&delay=0&_=\(milliseconds)"
        return URL(string: text) ?? base
    }
}
