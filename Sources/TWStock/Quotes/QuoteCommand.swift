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

    /// `--every N`: a batch run prints a snapshot every N seconds (until `--count` or Ctrl-C).
    static let every = TypedOption.integer(
        "every", in: minimumInterval...86_400, value: "SECONDS",
        summary: "batch: a snapshot every SECONDS (at least \(minimumInterval)), rows appended",
        expectation: "give a number of seconds from \(minimumInterval) to 86400")

    /// `--count N`: how many snapshots a batch run prints.
    static let count = TypedOption.integer(
        "count", in: 1...1_000_000, value: "N", summary: "batch: print N snapshots, then stop",
        expectation: "give a number of snapshots from 1 to 1000000")

    /// The shortest interval between two snapshots: the service's own page refreshes every 5 s.
    static let minimumInterval = 5

    /// How often `--count` without `--every` takes a snapshot.
    static let defaultInterval = 10

    static let command = DatasetCommand(
        name: "quote", usage: "quote CODE… [--odd] [--every SECONDS] [--count N]",
        summary: "live quotes of securities and indices (t00 TAIEX, o00 TPEx) from the exchange",
        arguments: [code], options: [odd.declaration, every.declaration, count.declaration]
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
        let seconds = try arguments.options.value(Self.every)
        let count = try arguments.options.value(Self.count)
        let screen = QuoteScreen.make(codes: codes, oddLots: oddLots, context: context)
        if seconds != nil || count != nil {
            screen.snapshotPlan = SnapshotPlan(
                seconds: seconds ?? defaultInterval, count: count ?? Int.max)
        }
        return screen
    }
}
