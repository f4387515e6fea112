/// A list whose pages are read when they are shown (a database table) and can fail to read
/// one: the rows shown before stay, and the failure is said once under them.
@MainActor
package protocol PageFailureReporting: ListScreen {
    /// Why the last page asked for could not be read, once (it is cleared): the list has put
    /// its position back on the page it last read, whose rows it still holds.
    func takePageFailure() -> (any Error)?
}
