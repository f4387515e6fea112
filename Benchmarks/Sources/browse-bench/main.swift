import BrowseSupport
import Foundation

// The renderer and the navigation stack are the package's own: the benchmarks are built with
// `-enable-testing` (Benchmarks/run.sh) to reach them.
@testable import LineMode
@testable import ListKit

// Measures what one page costs as the list grows: the controller configures and the front end
// renders only the visible rows, so the time should not grow with the number of items.

struct Row: Identifiable, Sendable {
    let id: Int
}

@MainActor
func pageRenderTime(
    items count: Int, repetitions: Int
) -> (median: Duration, build: Duration, filter: Duration, found: Int) {
    let clock = ContinuousClock()
    let start = clock.now
    let items = (0..<count).map(Row.init)
    let list = GenericListController(title: "ticks", items: items) { (row: inout ColumnsRow, item) in
        row["code"] = .text(String(1101 + item.id % 2000))
        row["name"] = .text("台積電")
        row["close"] = .decimal(ExactDecimal(units: Int64(item.id % 100_000), scale: 2))
        row["volume"] = .integer(item.id * 7, grouped: true)
    } select: { _ in
        .none
    }
    let stack = NavigationStack(root: .list(list))
    let renderer = ScreenRenderer(width: 100, style: TextStyle(enabled: false))
    let build = clock.now - start
    var times: [Duration] = []
    for repetition in 0..<repetitions {
        // A different page each time, spread over the whole list.
        list.move(to: (count / repetitions) * repetition)
        let began = clock.now
        let screen = renderer.render(stack, pageSize: 20)
        times.append(clock.now - began)
        precondition(screen.contains("rows "), "rendered a page")
    }
    times.sort()
    // The first filter folds every item's search text: with no `searchText` closure, its cells'
    // texts joined by spaces.
    let filtering = clock.now
    try? list.applyFilter("1101")
    let filter = clock.now - filtering
    return (times[times.count / 2], build, filter, list.count)
}

func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let value = Double(seconds) * 1000 + Double(attoseconds) / 1e15
    return String(format: "%.3f ms", value)
}

let sizes = CommandLine.arguments.dropFirst().compactMap(Int.init)
print("| items | median time to render one page (20 rows) | building the items | first filter (matches) |")
print("|---:|---:|---:|---:|")
for size in sizes.isEmpty ? [10_000, 1_000_000, 10_000_000] : sizes {
    let result = pageRenderTime(items: size, repetitions: 201)
    let filter = "\(milliseconds(result.filter)) (\(result.found))"
    print("| \(size) | \(milliseconds(result.median)) | \(milliseconds(result.build)) | \(filter) |")
}
