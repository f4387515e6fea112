import Testing

extension PseudoTerminal {
    /// Expects the program to end as `ending`, leaving the terminal's settings as it found them
    /// (a program that ends in raw mode leaves the person's shell unusable).
    ///
    /// - Throws: `Timeout` when the program has not ended within the wait.
    public func expectEnded(_ ending: Ending, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let ended = try waitForEnd()
        #expect(ended == ending, "screen:\n\(screen)", sourceLocation: sourceLocation)
        let after = settings()
        #expect(
            sameSettings(settingsBefore, after),
            "terminal left changed: before \(describe(settingsBefore)), after \(describe(after))",
            sourceLocation: sourceLocation)
    }
}
