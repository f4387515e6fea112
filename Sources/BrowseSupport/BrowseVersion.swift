/// The package's version: what `browse --version` prints and what the download client sends
/// in its User-Agent, so the two never disagree.
package enum BrowseVersion {
    package static let current = "0.1.0"
}
