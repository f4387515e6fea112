/// A shell `--generate-completion-script` writes a script for.
public enum CompletionShell: String, Sendable, Hashable, CaseIterable {
    case bash
    case zsh
    case fish
}
