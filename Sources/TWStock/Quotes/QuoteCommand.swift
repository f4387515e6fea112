import Foundation
import ListKit
import Synchronization

/// `quote CODE…`: live quotes of securities and indices of both markets, from one request,
/// in a session or as `browse quote 2330 2317 6223 t00`.
enum QuoteCommand {
    /// `CODE`: Tab offers the codes of the cached company lists.
    static let code = ArgumentDeclaration("CODE", summary: "codes of securities or indices: 2330 6223 t00") {
        context in
        (try? context.marketData().cachedCodes()) ?? []
    }

    /// `--odd`: the codes' odd lots (零股) instead of their board lots.
    static let odd = TypedOption<Bool>.flag("odd", summary: "quote odd lots (零股) instead of board lots")

    static let command = DatasetCommand(
        name: "quote", usage: "quote CODE… [--odd]",
        summary: "live quotes of securities and indices (t00 TAIEX, o00 TPEx) from the exchange",
        arguments: [code], options: [odd.declaration]
    ) { arguments, context in
        try make(arguments, context: context)
    }

    @MainActor
    static func make(_ arguments: DatasetCommand.Arguments, context: DatasetContext) throws -> any ListScreen {
        guard !arguments.positionals.isEmpty else { throw QuoteError.noCodes }
        var codes: [QuoteCode] = []
        for text in arguments.positionals.flatMap({ $0.split(separator: ",").map(String.init) }) {
            guard let code = QuoteCode(text) else { throw QuoteError.notACode(text) }
            if !codes.contains(code) { codes.append(code) }
        }
        let oddLots = try arguments.options.value(Self.odd) ?? false
        return QuoteScreen.make(codes: codes, oddLots: oddLots, context: context)
    }
}
