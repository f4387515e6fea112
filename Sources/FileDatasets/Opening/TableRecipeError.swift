import BrowseSupport

/// Why a described table (``TableRecipe``) could not be made from its source.
public enum TableRecipeError: UserFacingError, Hashable {
    /// No file matches the pattern.
    case noFiles(pattern: String)
    /// A column the recipe names is not in the source.
    case missingColumn(String, available: [String])
    /// One of the files could not be read.
    case file(String, FileLoadError)

    public var description: String {
        switch self {
        case .noFiles(let pattern):
            return "no file matches \(pattern)"
        case .missingColumn(let name, let available):
            return "the source has no column \"\(name)\"; its columns: " + available.joined(separator: ", ")
        case .file(let path, let error):
            return "\(path): \(error)"
        }
    }

    public var remedy: Remedy? {
        if case .file(_, let error) = self { return error.remedy }
        return nil
    }
}
