import BrowseSupport
import ListKit

/// The one place that turns an error into the line a person reads: the error's own facts,
/// then the next step in words that fit where the person is.
///
/// ```text
/// browse: www.twse.com.tw answered HTTP 503 and asked us to wait 30 s; try again later (r)
/// ```
package enum ErrorText {
    /// The line for `error`: its description, then its remedy's words, if it names one.
    ///
    /// - Parameter interactive: True at a prompt, where `r` retries; false in a script or a
    ///   batch run, where the command is run again.
    package static func line(for error: any Error, interactive: Bool) -> String {
        let remedy = (error as? any UserFacingError)?.remedy
        return line(String(describing: error), remedy: remedy, interactive: interactive)
    }

    /// `text`, then the words for `remedy` after a semicolon.
    package static func line(_ text: String, remedy: Remedy?, interactive: Bool) -> String {
        guard let remedy else { return text }
        return text + "; " + words(for: remedy, interactive: interactive)
    }

    /// What to do next, in words.
    package static func words(for remedy: Remedy, interactive: Bool) -> String {
        switch remedy {
        case .retry:
            return interactive ? "r tries again" : "run the command again"
        case .retryLater(let seconds):
            switch (seconds, interactive) {
            case (let seconds?, true): return "wait \(seconds) s, then r tries again"
            case (let seconds?, false): return "try again in \(seconds) s"
            case (nil, true): return "try again later (r)"
            case (nil, false): return "try again later"
            }
        case .checkNetworkOrUseCache:
            return "check the network, or use --offline for cached data"
        case .goOnline:
            return "run once without --offline to download it"
        case .allowLargerInput:
            return interactive ? "start with --max-input SIZE to read more" : "--max-input SIZE reads more"
        case .waitForALaterRun:
            return "wait a while before running it again"
        case .reload:
            return interactive ? "r reloads it" : "run the command again"
        }
    }

    /// The facts of a load in which every source failed: each reason once, after the sources
    /// that failed with it, so three markets on one unreachable host make one short line.
    ///
    /// ```text
    /// 上市, 上櫃, 興櫃: mopsfin.twse.com.tw did not answer within 20 s
    /// ```
    ///
    /// - Parameters:
    ///   - reason: The screen's own reason (`LoadState.failed`), used when no source is named.
    ///   - failures: The sources that failed.
    package static func reason(ofFailedLoad reason: String, failures: [SourceFailure]) -> String {
        guard !failures.isEmpty else { return reason }
        var reasons: [String] = []
        var sources: [String: [String]] = [:]
        for failure in failures {
            if sources[failure.reason] == nil { reasons.append(failure.reason) }
            sources[failure.reason, default: []].append(failure.source)
        }
        return reasons.map { (sources[$0] ?? []).joined(separator: ", ") + ": " + $0 }.joined(separator: "; ")
    }

    /// The exit status for an error that ends a program: its own, or a failure.
    package static func exitCode(for error: any Error) -> ExitCode {
        (error as? any UserFacingError)?.exitCode ?? .failure
    }
}
