import BrowseSupport
import ListKit

/// The ticks and labels of a chart's horizontal axis of date-times (seconds since 1970, read on
/// one clock) or times of day (seconds since midnight).
///
/// The step between ticks is a round one (a second to twelve hours, one to fourteen days, or
/// months) chosen so that about as many ticks fit as asked. Within a day or so, ticks read as
/// clock times (`06:00`, `12:00`, a midnight as its day `06-03`) and the ends as a whole
/// reading (`2025-06-02 00:00`); over weeks, ticks are days (`06-09`) and the ends whole days;
/// over months, they are months (`2025-06`), as a chart by a date column reads.
struct TimeAxis {
    /// What the axis holds.
    enum Kind {
        /// Seconds since 1970 (an instant), read on a clock `offset` seconds from UTC.
        case dateTime(offset: Int)
        /// Seconds since midnight.
        case time
    }

    /// How ticks are laid out, from the span of the axis.
    private enum Mode {
        /// Every `step` seconds on the clock.
        case clock(step: Int)
        /// Every `step` days at midnight (Mondays for a week or more).
        case days(step: Int)
        /// Months, as a date axis lays them out.
        case months
    }

    let kind: Kind
    private let mode: Mode
    /// About how many ticks fit between the ends.
    private let count: Int

    /// Clock steps, in seconds: each divides a day, so ticks fall on the same times every day.
    private static let clockSteps = [
        1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1_800, 3_600, 7_200, 10_800, 21_600, 43_200,
    ]

    /// An axis from `first` to `last` with about `count` ticks between.
    init(kind: Kind, from first: Double, to last: Double, count: Int) {
        self.kind = kind
        self.count = max(1, count)
        let span = max(0, last - first)
        let wanted = Double(max(1, count))
        if let step = Self.clockSteps.first(where: { span / Double($0) <= wanted }) {
            mode = .clock(step: step)
        } else if case .time = kind {
            mode = .clock(step: 43_200)
        } else if span < ChartRenderer.daySpan * 86_400 {
            mode = .days(step: [1, 2, 7, 14].first { span / 86_400 / Double($0) <= wanted } ?? 28)
        } else {
            mode = .months
        }
    }

    /// The clock reading of `x`, in seconds from midnight of day 0 (1970-01-01) on its clock.
    private func local(_ x: Double) -> Int {
        switch kind {
        case .dateTime(let offset): return Int((x + Double(offset)).rounded(.down))
        case .time: return Int(x.rounded(.down))
        }
    }

    /// The axis position of a clock reading.
    private func position(ofLocal seconds: Int) -> Double {
        switch kind {
        case .dateTime(let offset): return Double(seconds - offset)
        case .time: return Double(seconds)
        }
    }

    /// Positions strictly between `first` and `last` where ticks go (at most 200).
    func ticks(from first: Double, to last: Double) -> [Double] {
        guard last > first else { return [] }
        var ticks: [Double] = []
        switch mode {
        case .clock(let step):
            var reading = Self.floor(local(first), step) + step
            while position(ofLocal: reading) < last, ticks.count < 200 {
                if position(ofLocal: reading) > first { ticks.append(position(ofLocal: reading)) }
                reading += step
            }
        case .days(let step):
            // Midnights on the clock; for a week or more, Mondays (day 4, 1970-01-05, was one).
            let anchor = step >= 7 ? 4 : 0
            var day = Self.floor(local(first), 86_400) / 86_400 + 1
            day += ((anchor - day) % step + step) % step
            while position(ofLocal: day * 86_400) < last, ticks.count < 200 {
                ticks.append(position(ofLocal: day * 86_400))
                day += step
            }
        case .months:
            let firstDay = Double(Self.floor(local(first), 86_400) / 86_400)
            let lastDay = Double(local(last)) / 86_400
            ticks = ChartRenderer.roundTicks(from: firstDay, to: lastDay, count: count, dates: true)
                .map { position(ofLocal: Int($0) * 86_400) }.filter { $0 > first && $0 < last }
        }
        return ticks
    }

    /// The label of the tick at `x`; `end` for the first and last, which read whole.
    func label(_ x: Double, end: Bool) -> String {
        let reading = local(x)
        let day = CalendarDate(dayNumber: Self.floor(reading, 86_400) / 86_400)
        let seconds = reading - Self.floor(reading, 86_400)
        switch mode {
        case .months:
            return end ? day.description : String(day.description.prefix(7))
        case .days:
            return end ? day.description : String(day.description.suffix(5))
        case .clock(let step):
            let clock = Self.clock(seconds, withSeconds: step < 60 || (end && seconds % 60 != 0))
            guard case .dateTime = kind else { return clock }
            if end { return "\(day) \(clock)" }
            return seconds == 0 ? String(day.description.suffix(5)) : clock
        }
    }

    /// `HH:mm`, or `HH:mm:ss`.
    private static func clock(_ seconds: Int, withSeconds: Bool) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        let text = two(seconds / 3_600) + ":" + two(seconds / 60 % 60)
        return withSeconds ? text + ":" + two(seconds % 60) : text
    }

    /// The largest multiple of `step` at most `value`, for negative values too.
    private static func floor(_ value: Int, _ step: Int) -> Int {
        let remainder = value % step
        return remainder < 0 ? value - remainder - step : value - remainder
    }
}
