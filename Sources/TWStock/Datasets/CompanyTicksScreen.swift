import Foundation
import ListKit
import Synchronization

/// A listed company's daily ticks, newest first: the current month from STOCK_DAY (fetched
/// when the company is chosen) merged with the days found in cached all-market files; `older`
/// fetches one more month.
enum CompanyTicksScreen {
    @MainActor
    static func make(company: Company, store: MarketDataStore, context: DatasetContext) -> any ListScreen {
        let current = YearMonth(TaipeiTime.day(of: context.now()))
        let months = MonthLog(current)
        let log = ProvenanceLog()
        let code = company.code
        // Everything already on disk: months fetched or imported before, and the all-market days.
        let cached = ListSource<DailyTick>(id: "cached", title: "cached days") { request in
            let months = store.cachedMonths(of: code, progress: request.progress).flatMap(\.ticks)
            let days = store.cachedMarketDays(progress: request.progress).flatMap { day in
                day.ticks.filter { $0.code == code && $0.date != nil }
            }
            return months + days
        }
        let newestFirst: (DailyTick, DailyTick) -> Bool = { ($0.date ?? .distantPast) > ($1.date ?? .distantPast) }
        let controller = GenericListController(
            title: "\(company.code) \(company.shortName)",
            sources: [monthSource(current, code: code, store: store, log: log), cached],
            order: newestFirst, columns: TickPresentation.columns(withSecurity: false)
        ) { (row: inout ColumnsRow, tick) in
            TickPresentation.configure(&row, tick, withSecurity: false)
        } select: { tick in
            .detail(TickPresentation.detail(tick, company: company))
        }
        controller.header = { ticks in
            var lines = [
                "\(company.code) \(company.shortName) · \(company.name) · \(company.market.title) · "
                    + (company.industryName ?? company.industryCode ?? "")
            ]
            let dated = ticks.filter { $0.close != nil }.reversed()
            let closes = dated.compactMap(\.close)
            if let first = dated.first, let last = dated.last, let from = first.close, let to = last.close {
                lines.append(
                    "close \(Sparkline.render(closes)) \(from.formatted(grouping: true)) → "
                        + "\(to.formatted(grouping: true)) · \(closes.count) days "
                        + "\(first.date?.description ?? "") – \(last.date?.description ?? "")")
            } else {
                lines.append("no trading days loaded yet · older fetches the month before")
            }
            if let age = log.describe(now: context.now(), offline: context.offline) {
                lines.append("STOCK_DAY " + age + " · older fetches \(months.peekOlder())")
            }
            return lines
        }
        controller.commands = [
            ListCommand(name: "older", usage: "older", summary: "fetch one more month from TWSE (STOCK_DAY)") {
                [weak controller] _, progress in
                guard let controller else { return .none }
                let month = months.nextOlder()
                let id = sourceID(month)
                controller.add(monthSource(month, code: code, store: store, log: log))
                await controller.load(sources: [id], force: false, progress: progress)
                if let failure = controller.sourceFailures.first(where: { $0.source == sourceTitle(month) }) {
                    months.forget(month)
                    throw LoadFailure(source: failure.source, reason: failure.reason)
                }
                return .none
            },
            ListCommand(name: "info", usage: "info", summary: "the company's details") { _, _ in
                .detail(CompanyPresentation.detail(company))
            },
        ]
        return controller
    }

    static func sourceID(_ month: YearMonth) -> String { "month-\(month)" }
    static func sourceTitle(_ month: YearMonth) -> String { "STOCK_DAY \(month)" }

    static func monthSource(
        _ month: YearMonth, code: StockCode, store: MarketDataStore, log: ProvenanceLog
    ) -> ListSource<DailyTick> {
        ListSource(id: sourceID(month), title: sourceTitle(month)) { request in
            let result = try await store.month(month, of: code, request: request)
            log.record(sourceID(month), result.provenance)
            if result.value.ticks.isEmpty {
                request.progress.note("TWSE has no trading days of \(code) in \(month)")
            }
            return result.value.ticks
        }
    }
}

/// The months asked for so far, so `older` knows which comes next.
final class MonthLog: Sendable {
    private let months: Mutex<[YearMonth]>

    init(_ first: YearMonth) {
        months = Mutex([first])
    }

    /// The month `older` would fetch next.
    func peekOlder() -> YearMonth {
        months.withLock { Self.before($0.min()) }
    }

    static func before(_ month: YearMonth?) -> YearMonth {
        let oldest = month ?? YearMonth(TaipeiTime.day(of: Date()))
        let previous =
            oldest.month == 1
            ? YearMonth(year: oldest.year - 1, month: 12) : YearMonth(year: oldest.year, month: oldest.month - 1)
        return previous ?? oldest
    }

    func nextOlder() -> YearMonth {
        months.withLock { months in
            let month = Self.before(months.min())
            months.append(month)
            return month
        }
    }

    func forget(_ month: YearMonth) {
        months.withLock { $0.removeAll { $0 == month } }
    }
}

extension CalendarDate {
    static let distantPast = CalendarDate(clamping: 1, month: 1, day: 1)
}
