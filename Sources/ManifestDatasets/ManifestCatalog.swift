import Foundation
import ListKit

/// The manifests of a folder that passed every check, and one problem for each that did not.
public struct ManifestCatalog: Sendable {
    public let manifests: [LoadedManifest]
    public let problems: [ManifestProblem]

    /// The folder manifests are read from: `--datasets DIR`, else `$XDG_CONFIG_HOME/PROGRAM/datasets`,
    /// else `~/.config/PROGRAM/datasets`; `nil` without a home.
    public static func folder(explicit: String?, environment: [String: String], program: String) -> URL? {
        if let explicit, !explicit.isEmpty { return URL(fileURLWithPath: explicit, isDirectory: true) }
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("\(program)/datasets")
        }
        if let home = environment["HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config/\(program)/datasets")
        }
        return nil
    }

    /// The `.json` files of `folder`, by name.
    public static func files(in folder: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.lowercased().hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
            .map { folder.appendingPathComponent($0).path }
    }

    /// Reads every manifest of `folder` and checks them against each other and the program.
    ///
    /// - Parameters:
    ///   - reserved: Names an id may not take (built-in datasets, commands, subcommands), each
    ///     with what it is (`a built-in dataset`).
    ///   - builtIn: The ids of the datasets a drill may open besides the manifests.
    /// - Complexity: One read of each file; no source is opened.
    public static func load(folder: URL, reserved: [String: String], builtIn: Set<String>) -> ManifestCatalog {
        var read: [LoadedManifest] = []
        var problems: [ManifestProblem] = []
        for path in files(in: folder) {
            do {
                read.append(try ManifestReader.read(path: path))
            } catch {
                problems.append(error)
            }
        }
        return check(read, problems: problems, reserved: reserved, builtIn: builtIn)
    }

    /// Checks manifests that each passed on their own against each other and the program.
    public static func check(
        _ read: [LoadedManifest], problems earlier: [ManifestProblem] = [], reserved: [String: String],
        builtIn: Set<String>
    ) -> ManifestCatalog {
        var problems = earlier
        var kept: [LoadedManifest] = []
        var owners: [String: String] = [:]
        for loaded in read {
            let id = loaded.manifest.id
            if let what = reserved[id.lowercased()] {
                problems.append(loaded.problem(["id"], "\"\(id)\" is \(what); choose another id"))
            } else if let owner = owners[id] {
                problems.append(loaded.problem(["id"], "\"\(id)\" is already the id of \(owner); choose another id"))
            } else {
                owners[id] = loaded.fileName
                kept.append(loaded)
            }
        }
        let byID = Dictionary(kept.map { ($0.manifest.id, $0) }) { first, _ in first }
        var good: [LoadedManifest] = []
        for loaded in kept {
            if let problem = drillProblem(loaded, manifests: byID, builtIn: builtIn) {
                problems.append(problem)
            } else {
                good.append(loaded)
            }
        }
        return ManifestCatalog(manifests: good, problems: problems)
    }

    /// What is wrong with a drill into another dataset: an id nothing has, or a `where` that
    /// does not read against the target's declared columns.
    static func drillProblem(_ loaded: LoadedManifest, manifests: [String: LoadedManifest], builtIn: Set<String>)
        -> ManifestProblem?
    {
        guard let drill = loaded.manifest.drill, let target = drill.dataset else { return nil }
        guard builtIn.contains(target) || manifests[target] != nil else {
            let known = (Array(builtIn) + Array(manifests.keys)).sorted()
            let near = Suggestion.nearest(to: target, among: known).map { "did you mean `\($0)`? " } ?? ""
            return loaded.problem(
                ["drill", "dataset"],
                "names \"\(target)\", which is not a dataset; \(near)datasets: " + known.joined(separator: ", "))
        }
        guard let condition = drill.where, let columns = manifests[target]?.shownColumns,
            let template = try? RowTemplate(condition)
        else { return nil }
        do {
            _ = try WhereParser.parse(template.renderWhere { _ in "0" }, columns: columns.map { Column($0) })
        } catch {
            var message = "\(error.message) (at character \(error.position))"
            if error.message.hasPrefix("no column \""),
                let name = error.message.split(separator: "\"").dropFirst().first
            {
                message =
                    "names column `\(name)`, which \(target) does not have; columns: " + columns.joined(separator: ", ")
            }
            return loaded.problem(["drill", "where"], message)
        }
        return nil
    }
}
