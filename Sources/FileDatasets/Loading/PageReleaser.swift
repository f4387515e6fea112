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

extension FileTable {
    /// Whether `rows` go front to back through the file, each after the one before.
    static func rise(_ rows: some Collection<Int>) -> Bool {
        zip(rows, rows.dropFirst()).allSatisfy { $0 < $1 }
    }

    /// `rows` in file order: as they are when they rise, else sorted.
    static func inFileOrder(_ rows: [Int]) -> [Int] {
        rise(rows) ? rows : rows.sorted()
    }

    /// A releaser for a pass over the rows at `positions` of `rows` (of the table's rows when
    /// `nil`), when those rows go front to back through the file, as a filter's do; `nil`
    /// otherwise: a sorted view's rows jump about, and letting pages go behind them would only
    /// read them again.
    ///
    /// - Complexity: O(n) in the positions, to see that the rows rise.
    func pageReleaser(rows: [Int]?, positions: Range<Int>) -> PageReleaser? {
        guard let first = positions.first else { return nil }
        guard let rows else { return PageReleaser(bytes, from: offset(ofRow: first)) }
        return Self.rise(rows[positions]) ? PageReleaser(bytes, from: offset(ofRow: rows[first])) : nil
    }
}
