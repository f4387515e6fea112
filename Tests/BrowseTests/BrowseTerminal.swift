import Foundation
import TestSupport

extension PseudoTerminal {
    /// The prompt at a terminal, as the line editor draws it.
    static let prompt = "\r> "

    /// The built `browse` started in a terminal of `columns` × `rows`, in `folder`, as a person
    /// starts it in a window: `TERM=xterm-256color`, its history kept in the folder's `state/`
    /// (`BROWSE_HISTORY` in `environment` says otherwise).
    ///
    /// - Parameters:
    ///   - standardInput: A file to give it as standard input instead of the terminal.
    static func browse(
        _ arguments: [String] = [], in folder: ScratchFolder, columns: Int = 80, rows: Int = 24,
        environment extra: [String: String] = [:], standardInput: String? = nil
    ) throws -> PseudoTerminal {
        let environment = Browse.environment(
            ["TERM": "xterm-256color", "XDG_STATE_HOME": folder.path + "/state"].merging(extra) { $1 })
        return try PseudoTerminal(
            Browse.executable.path, arguments, environment: environment, columns: columns, rows: rows,
            directory: folder.path, standardInput: standardInput)
    }
}
