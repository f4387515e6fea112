import BrowseSupport
import ListKit

/// The widest value of each column over a whole view, measured once per view, so that a column
/// is as wide on every page of it: widths are a property of the view (its rows, filter, sort
/// and columns), not of the pages visited.
///
/// A view is a screen's rows as its ``ListScreen/viewVersion`` says; a new filter, sort or
/// load makes a new one, measured again. Columns are measured when first asked for, so
/// bringing in a column with `show` measures that column only.
///
/// When measuring is stopped (Ctrl-C while a large file is measured), the view's widths are
/// taken from the pages shown instead: they only grow, page by page, until the view changes.
@MainActor
package final class ViewWidths {
    private struct Entry {
        weak var screen: (any ListScreen)?
        var version: Int
        var widths: [String: Int] = [:]
        /// Measuring was stopped: the widths are those of the pages shown.
        var fromPages = false
    }

    private var entries: [ObjectIdentifier: Entry] = [:]

    package init() {}

    /// Whether `columns` of `screen`'s view are measured (or taken from its pages): drawing
    /// them costs no pass over the rows.
    func isMeasured(_ columns: [String], of screen: any ListScreen) -> Bool {
        let entry = entry(for: screen)
        return entry.fromPages || screen.widthsFollowPages || columns.allSatisfy { entry.widths[$0] != nil }
    }

    /// Measures those of `columns` not measured yet over `screen`'s view.
    ///
    /// - Throws: `ListError.interrupted` when `stop` was raised first: the view's widths then
    ///   come from its pages.
    /// - Complexity: O(n × c) for n rows and the c columns not measured yet.
    func measure(_ columns: [String], of screen: any ListScreen, stop: StopFlag) throws {
        var entry = entry(for: screen)
        if screen.widthsFollowPages, !entry.fromPages {
            entry.fromPages = true
            keep(entry, for: screen)
        }
        guard !entry.fromPages else { return }
        var missing: [String] = []
        for name in columns where entry.widths[name] == nil && !missing.contains(name) { missing.append(name) }
        guard !missing.isEmpty else { return }
        do {
            let widest = try screen.widestTexts(of: missing, width: .terminal, stop: stop)
            for (name, width) in zip(missing, widest) { entry.widths[name] = width }
            keep(entry, for: screen)
        } catch {
            entry.fromPages = true
            keep(entry, for: screen)
            throw error
        }
    }

    /// The widest text of each of `columns` over `screen`'s view, measured now for those not
    /// measured yet (nothing stops it); for a view whose measuring was stopped, the widest of
    /// `page` (its texts, made visible, aligned with `columns`) and the pages before it.
    func widest(of columns: [String], in screen: any ListScreen, page: [[String]]) -> [Int] {
        try? measure(columns, of: screen, stop: .never)
        var entry = entry(for: screen)
        if entry.fromPages {
            for (index, name) in columns.enumerated() {
                entry.widths[name] = page.reduce(entry.widths[name] ?? 0) { widest, row in
                    index < row.count ? max(widest, DisplayWidth.of(row[index])) : widest
                }
            }
            keep(entry, for: screen)
        }
        return columns.map { entry.widths[$0] ?? 0 }
    }

    private func entry(for screen: any ListScreen) -> Entry {
        guard let entry = entries[ObjectIdentifier(screen)], entry.screen === screen,
            entry.version == screen.viewVersion
        else { return Entry(screen: screen, version: screen.viewVersion) }
        return entry
    }

    private func keep(_ entry: Entry, for screen: any ListScreen) {
        entries = entries.filter { $0.value.screen != nil }
        entries[ObjectIdentifier(screen)] = entry
    }
}
