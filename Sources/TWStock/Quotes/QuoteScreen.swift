import Foundation
import ListKit
import ListKitNetworking

/// The screen `quote` opens: one row per code, from one request for them all.
enum QuoteScreen {
    @MainActor
    static func make(
        codes: [QuoteCode], oddLots: Bool, context: DatasetContext
    ) -> GenericListController<Quote, ColumnsRow> {
        let board = QuoteBoard()
        let title = oddLots ? "quote --odd" : "quote"
        let source = ListSource<Quote>(id: "quotes", title: "quotes") {
            (request: LoadRequest) async throws -> [Quote] in
            let client = try context.quoteClient()
            let store = try? context.marketData()
            var known: [QuoteCode: Market] = [:]
            for code in codes {
                if let stock = code.stockCode, let market = store?.knownMarket(of: stock, progress: request.progress) {
                    known[code] = market
                }
            }
            do {
                // A wait for the quote host's budget is said, as every other download's is: a
                // watch refresh that waits tells the person why the table is late.
                let progress = request.progress
                let snapshot = try await HostThrottle.withNotices({ progress.note($0) }) {
                    try await client.snapshot(of: codes, knownMarkets: known, oddLots: oddLots)
                }
                if snapshot.quotes.isEmpty { throw QuoteError.unknownCodes(snapshot.unknown.map(\.rawValue)) }
                return board.take(snapshot)
            } catch {
                board.fail(String(describing: error), at: context.now())
                throw error
            }
        }
        let header: (GenericListController<Quote, ColumnsRow>) -> [String] = { controller in
            Self.header(
                board: board, now: context.now(),
                marksLastKnown: controller.items.contains { $0.lastOrigin.isLastKnown })
        }
        let controller = GenericListController(
            title: title, sources: [source], columns: QuotePresentation.columns(board: board), header: header
        ) { quote in
            .detail(QuotePresentation.detail(quote))
        }
        controller.live = LiveSource(
            closedNote: {
                TradingHours.isOpen(at: context.now())
                    ? nil : "the market is closed (weekdays 09:00–13:30 Taipei time): the table shows the last close"
            },
            status: {
                let time = board.exchangeTime.flatMap(QuotePresentation.exchangeTime)
                return time.map { "exchange time \($0.time)" + (board.failure == nil ? "" : " (last good refresh)") }
            })
        controller.addCommands([
            ListCommand(watchCommand) { _, _ in
                .message("watch refreshes the table at a terminal's prompt; in a script, use browse quote --every")
            }
        ])
        return controller
    }

    /// `watch [SECONDS]`: the table refreshed in place while the prompt waits.
    static let watchCommand = ListCommandDeclaration(
        name: "watch", usage: "watch [SECONDS]",
        summary: "refresh the quotes every SECONDS (default 10, at least 5) while the prompt waits; any command stops")

    /// `exchange time 2023-12-29 13:30:00 · market closed`, then the codes nobody quoted and
    /// why the last refresh failed.
    static func header(board: QuoteBoard, now: Date, marksLastKnown: Bool) -> [String] {
        var parts: [String] = []
        if let time = board.exchangeTime, let shown = QuotePresentation.exchangeTime(time) {
            parts.append("exchange time \(shown.date) \(shown.time)")
        }
        if !TradingHours.isOpen(at: now) { parts.append("market closed") }
        if marksLastKnown { parts.append("* no trade in this snapshot") }
        var lines = [parts.joined(separator: " · ")]
        let unknown = board.unknown
        if !unknown.isEmpty {
            lines.append("no quote for \(unknown.map(\.rawValue).joined(separator: ", "))")
        }
        if let failure = board.failure { lines.append("refresh failed, showing the last table: \(failure)") }
        return lines
    }
}
