/// Lets the pages behind a pass go as it reads a stretch of a file front to back, a step at a
/// time: a pass over a large file then holds a few megabytes of it rather than all it has read.
///
/// Each pass lets go only of the stretch it read itself; a released page that is read again
/// comes back from the system's file cache, so nothing is lost, only read again.
struct PageReleaser {
    private let bytes: FileBytes
    private let step: Int
    private var released: Int

    /// A releaser for a pass that starts at byte `start`.
    init(_ bytes: FileBytes, from start: Int, step: Int = FileBytes.releaseStep) {
        self.bytes = bytes
        self.step = step
        self.released = start
    }

    /// Tells the releaser the pass has read up to `offset`; lets the pages before it go once a
    /// step has been read since the last letting-go.
    mutating func reached(_ offset: Int) {
        guard offset - released >= step else { return }
        bytes.releaseResidentPages(in: released..<offset)
        released = offset
    }
}
