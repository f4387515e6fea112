import Foundation
import ListKit

extension QuoteScreen {
    /// Lets `watch` on a screen whose rows are securities open the quote screen of the rows on
    /// the page shown, from one request for all their codes, and watch it; `b` goes back.
    ///
    /// - Parameter code: The security code of a row (its quote's code).
    @MainActor
    static func watchRows<T>(
        of controller: GenericListController<T, ColumnsRow>, context: DatasetContext,
        code: @escaping (T) -> String
    ) {
        controller.liveRows = { items in
            var codes: [QuoteCode] = []
            for item in items {
                guard let quoteCode = QuoteCode(code(item)), !codes.contains(quoteCode) else { continue }
                codes.append(quoteCode)
            }
            guard !codes.isEmpty else { return nil }
            return make(codes: codes, oddLots: false, context: context)
        }
        controller.addCommands([
            ListCommand(rowsWatchCommand) { _, _ in
                .message(
                    "watch quotes the page's securities at a terminal's prompt; in a script, use browse quote --every")
            }
        ])
    }

    /// `watch [SECONDS]` on a screen of securities.
    static let rowsWatchCommand = ListCommandDeclaration(
        name: "watch", usage: "watch [SECONDS]",
        summary:
            "quote the securities on this page and refresh them every SECONDS (default 10, at least 5); b goes back")
}
