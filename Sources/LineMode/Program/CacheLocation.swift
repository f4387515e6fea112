import Foundation
import ListKit

/// Where a program's cache lives: `--cache-dir`, else `$XDG_CACHE_HOME/PROGRAM`, else
/// `~/.cache/PROGRAM`, else (no home at all) `PROGRAM-UID/cache` in the temporary folder.
///
/// The temporary folder is everyone's, so a name in it can be taken by another user first,
/// who could then serve their own files as this user's cached data. `PROGRAM-UID` is used only
/// when it is a folder this user owns and others cannot write in (``PrivateFolder``); otherwise
/// the run keeps its downloads in a folder of its own, under a name nobody can guess, and says so.
public struct CacheLocation: Sendable, Hashable {
    /// The cache folder.
    public var folder: URL
    /// Why the usual folder was not used, when it was not: a line for the person.
    public var problem: String?

    /// The cache folder for a run.
    ///
    /// - Parameters:
    ///   - explicit: `--cache-dir`, when given.
    ///   - environment: The program's environment (`XDG_CACHE_HOME`, `HOME`, `TMPDIR`).
    ///   - program: The program's name (`browse`).
    public static func resolve(explicit: String?, environment: [String: String], program: String)
        -> CacheLocation
    {
        if let explicit, !explicit.isEmpty {
            return CacheLocation(folder: URL(fileURLWithPath: explicit, isDirectory: true))
        }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return CacheLocation(
                folder: URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent(program, isDirectory: true))
        }
        if let home = environment["HOME"], !home.isEmpty {
            return CacheLocation(
                folder: URL(fileURLWithPath: home, isDirectory: true)
                    .appendingPathComponent(".cache/\(program)", isDirectory: true))
        }
        let temporary = URL(
            fileURLWithPath: environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp",
            isDirectory: true)
        let own = temporary.appendingPathComponent(PrivateFolder.name(for: program), isDirectory: true)
        do {
            try PrivateFolder.prepare(own.path)
            return CacheLocation(folder: own.appendingPathComponent("cache", isDirectory: true))
        } catch {
            let fresh = temporary.appendingPathComponent(
                "\(PrivateFolder.name(for: program))-\(UUID().uuidString)", isDirectory: true)
            return CacheLocation(
                folder: fresh,
                problem: "\(error), so the cache is not kept there; this run keeps its downloads in "
                    + "\(fresh.path) (set HOME, or give --cache-dir DIR)")
        }
    }

    init(folder: URL, problem: String? = nil) {
        self.folder = folder
        self.problem = problem
    }
}
