import BrowseSupport
import ListKit

/// A `watch` that cannot start: its screen is not live, or its interval is not a number.
package struct WatchError: UserFacingError, Hashable {
    package let description: String

    package init(_ description: String) { self.description = description }

    package var exitCode: ExitCode { .usage }
}
