import Foundation
import ListKit

/// Adds the datasets of a manifest folder to a program: `--datasets DIR`, else
/// `$XDG_CONFIG_HOME/PROGRAM/datasets`, else `~/.config/PROGRAM/datasets`. A manifest that does
/// not pass its checks is left out, and its problem is one line.
public struct ManifestProvider: DatasetProvider {
    /// The program's name: its manifests are in its own folder.
    public let program: String

    /// - Parameter program: The program's name (`ProgramIdentity.name`).
    public init(program: String) {
        self.program = program
    }

    /// `--datasets DIR`, for a program named `program`.
    public static func option(program: String) -> OptionDeclaration {
        OptionDeclaration(
            "datasets", kind: .folder,
            summary: "read dataset manifests from DIR (default ~/.config/\(program)/datasets)")
    }

    public var options: [OptionDeclaration] { [Self.option(program: program)] }

    public var optionsOwner: String { "dataset manifests" }

    public func datasets(
        options: OptionValues, environment: [String: String], registry: DatasetRegistry,
        reserved: [String: String]
    ) -> (datasets: [any Dataset], problems: [String]) {
        guard
            let folder = ManifestCatalog.folder(
                explicit: options["datasets"], environment: environment, program: program)
        else { return ([], []) }
        let catalog = ManifestCatalog.load(folder: folder, reserved: reserved, builtIn: Set(registry.ids))
        let lookup = DatasetLookup()
        let provided: [any Dataset] = catalog.manifests.map { ManifestDataset($0, lookup: lookup) }
        lookup.set(registry.datasets + provided)
        return (provided, catalog.problems.map(\.description))
    }
}
