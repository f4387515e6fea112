/// A shell `--generate-completion-script` writes a script for.
package enum CompletionShell: String, Sendable, Hashable, CaseIterable {
    case bash
    case zsh
    case fish
}
