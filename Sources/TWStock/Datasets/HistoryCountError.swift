import BrowseSupport
import ListKit

/// A count `flows`, `margin`, `valuation` or `revenue` cannot use, in the screen's own words.
struct HistoryCountError: UserFacingError {
    let command: String
    let given: String
    var description: String {
        "\(command) \(given): give a number from 1 to \(CompanyPage.maximumCount), or nothing for the default"
    }
    var exitCode: ExitCode { .usage }
}
