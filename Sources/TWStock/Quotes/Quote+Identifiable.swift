/// A quote is one code's row: a refresh replaces it.
extension Quote: Identifiable {
    package var id: String { code.rawValue }
}
