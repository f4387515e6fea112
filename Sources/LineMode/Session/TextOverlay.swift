/// Text too long for the terminal (`h` at 30 rows), shown as a screen of its own over the
/// current one, a page at a time: `n`, `p`, `g N`, `G` page through it, `b` goes back to the
/// screen under it, and any other command goes back and runs there.
@MainActor
struct TextOverlay {
    /// What the breadcrumb calls it (`help`, `help where`).
    let title: String
    /// The text for a width (help wraps to the terminal), so a resize wraps it again.
    let make: @MainActor (Int) -> String
    /// The first line of the page shown.
    var first = 0
}
