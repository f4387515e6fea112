/// Opens names that are not registered datasets — a file path, a URL — as screens, for
/// `browse NAME` and `open NAME`.
///
/// Implementers must guarantee that `screen(named:context:)` returns quickly (reading belongs
/// in the screen's sources, which load with progress) and returns `nil` for a name it does not
/// recognise, so the program can say that nothing of that name exists.
public protocol ListOpener: Sendable {
    /// The command-line options the opener reads from `DatasetContext.options`.
    var options: [OptionDeclaration] { get }
    /// What its options are for, as `--help` heads them (`files and URLs`).
    var optionsOwner: String { get }
    /// The screen for `name`, or `nil` when the name is not one this opener opens.
    ///
    /// - Throws: An error a person can act on (a bad option), when the name is right but the
    ///   screen cannot be made.
    @MainActor func screen(named name: String, context: DatasetContext) throws -> (any ListScreen)?
}

extension ListOpener {
    public var optionsOwner: String { "files and URLs" }
}
