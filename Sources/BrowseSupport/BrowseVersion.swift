/// The package's version: what `browse --version` prints and what the download client sends
/// in its User-Agent, so the two never disagree.
public enum BrowseVersion {
    public static let current = "0.1.0"
}
