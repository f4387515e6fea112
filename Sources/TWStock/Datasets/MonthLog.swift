import Synchronization

/// The months a security's screen has asked for, so `older` knows which come next.
final class MonthLog: Sendable {
    private let asked = Mutex<[YearMonth]>([])
    /// The month the screen opened in.
    let current: YearMonth

    init(current: YearMonth) {
        self.current = current
    }

    /// The current month and the `count - 1` before it, newest first, recorded as asked.
    func start(_ count: Int) -> [YearMonth] {
        asked.withLock { asked in
            var months = [current]
            while months.count < max(1, count) { months.append(months[months.count - 1].previous) }
            asked = months
            return months
        }
    }

    /// The `count` months before the oldest asked so far, newest first, recorded as asked.
    func nextOlder(_ count: Int) -> [YearMonth] {
        asked.withLock { asked in
            var months: [YearMonth] = []
            var month = asked.min() ?? current
            for _ in 0..<count {
                month = month.previous
                months.append(month)
            }
            asked += months
            return months
        }
    }

    /// Every month asked for, newest first.
    var all: [YearMonth] { asked.withLock { $0.sorted(by: >) } }

    /// The month `older` would fetch next.
    var nextNew: YearMonth { asked.withLock { ($0.min() ?? current).previous } }
}
