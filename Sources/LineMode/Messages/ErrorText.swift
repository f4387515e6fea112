import ListKit

/// The one place that turns an error into the line a person reads: the error's own facts,
/// then the next step in words that fit where the person is.
///
/// ```text
/// browse: www.twse.com.tw answered HTTP 503 and asked us to wait 30 s; try again later (r)
/// ```
public enum ErrorText {
    /// The line for `error`: its description, then its remedy's words, if it names one.
    ///
    /// - Parameter interactive: True at a prompt, where `r` retries; false in a script or a
    ///   batch run, where the command is run again.
    public static func line(for error: any Error, interactive: Bool) -> String {
        let remedy = (error as? any UserFacingError)?.remedy
        return line(String(describing: error), remedy: remedy, interactive: interactive)
    }

    /// `text`, then the words for `remedy` after a semicolon.
    public static func line(_ text: String, remedy: Remedy?, interactive: Bool) -> String {
        guard let remedy else { return text }
        return text + "; " + words(for: remedy, interactive: interactive)
    }

    /// What to do next, in words.
    public static func words(for remedy: Remedy, interactive: Bool) -> String {
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
        }
    }

    /// The exit status for an error that ends a program: its own, or a failure.
    public static func exitCode(for error: any Error) -> ExitCode {
        (error as? any UserFacingError)?.exitCode ?? .failure
    }
}
