import BrowseSupport
import ListKit

/// A command line that cannot be run; the description says what would work. Exit status 2.
package enum UsageError: UserFacingError, Hashable {
    case unknownOption(String)
    case missingValue(String)
    case badValue(option: String, value: String, expected: String)
    case unexpectedArgument(String)
    case conflicting(String)

    package var description: String {
        switch self {
        case .unknownOption(let option):
            return "unknown option \(CommandError.excerpt(option)); --help lists the options"
        case .missingValue(let option):
            return "\(option) needs a value; --help shows it"
        case .badValue(let option, let value, let expected):
            return "\(option) \(CommandError.excerpt(value)): \(expected)"
        case .unexpectedArgument(let argument):
            return "unexpected argument \"\(CommandError.excerpt(argument))\": give one dataset, file or URL"
        case .conflicting(let message):
            return message
        }
    }

    package var exitCode: ExitCode { .usage }
}
