/// What a server's answer says before its body: the status and the headers, read the same way
/// whichever transfer received them.
struct ResponseHead: Sendable, Equatable {
    /// The HTTP status code.
    let status: Int
    /// The headers, their names in lower case; a header sent more than once has its values
    /// joined with `, `, so two different lengths stay visible.
    let headers: [String: String]

    /// The body's length as the headers announce it, or -1 when they do not (or announce
    /// something that is not one length).
    var expectedContentLength: Int64 {
        guard let text = headers["content-length"], let length = Int64(text), length >= 0 else { return -1 }
        return length
    }
}
