/// One key press (or one paste) at the prompt, decoded from the bytes a terminal sends.
package enum Key: Sendable, Hashable {
    /// Printable text typed at the keyboard; several characters when they arrived together.
    case text(String)
    /// Text pasted in one piece (bracketed paste), to be inserted as if typed.
    case paste(String)
    /// A control key, named by its letter: `.control("a")` is Ctrl-A.
    case control(Character)
    /// Escape followed by a key, as terminals send Alt (Meta) with it: `.alt("b")` is Alt-B.
    case alt(Character)
    case enter
    case tab
    case backspace
    /// Alt-Backspace (ESC DEL).
    case altBackspace
    case delete
    case left
    case right
    case up
    case down
    case home
    case end
    /// Ctrl-← (or Alt-←): one word left.
    case wordLeft
    /// Ctrl-→ (or Alt-→): one word right.
    case wordRight
    /// Escape on its own.
    case escape
    /// A sequence the editor has no use for (F1, Page Up); read whole so none of it is typed.
    case unknown
}
