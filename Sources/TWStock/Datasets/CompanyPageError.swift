import BrowseSupport
import ListKit

/// A company page command that cannot open its report.
enum CompanyPageError: UserFacingError, Hashable {
    case marketUnknown(StockCode, command: String)
    case emerging(StockCode, command: String)

    var description: String {
        switch self {
        case .marketUnknown(let code, let command):
            return "\(command): the market of \(code) is not known yet; let its prices load (r), then ask again"
        case .emerging(let code, let command):
            return "\(command): \(code) is a 興櫃 (emerging) security; the exchanges publish no such report for it"
        }
    }
}
