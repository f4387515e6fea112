import Tabular

/// Lines and columns of a JSON document's values, from the byte offsets its reader keeps.
struct SourcePositions: Sendable {
    let root: JSONValue
    /// The byte offset where each line starts.
    private let lineStarts: [Int]
    private let bytes: [UInt8]

    init(bytes: [UInt8], root: JSONValue) {
        self.bytes = bytes
        self.root = root
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        self.lineStarts = starts
    }

    /// The 1-based line and column (in characters) of byte `offset`.
    func place(ofOffset offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = lineStarts.count
        while low < high {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        let line = max(1, low)
        let start = lineStarts[line - 1]
        let end = min(max(offset, start), bytes.count)
        // Characters, not bytes: a continuation byte does not start one.
        let column = bytes[start..<end].filter { $0 & 0xC0 != 0x80 }.count + 1
        return (line, column)
    }

    /// Where the value at `path` is (a member's value, or an element); when the last step is
    /// missing, where the object that lacks it starts.
    func place(of path: [String]) -> (line: Int, column: Int) {
        var current = root
        for step in path {
            if let members = current.members, let member = members.last(where: { $0.key == step }) {
                current = member.value
            } else if let elements = current.array, let index = Int(step), elements.indices.contains(index) {
                current = elements[index]
            } else {
                break
            }
        }
        return place(ofOffset: current.offset)
    }

    /// Where the key of the member at `path` is written.
    func place(ofKey path: [String]) -> (line: Int, column: Int) {
        guard let last = path.last else { return place(ofOffset: root.offset) }
        var current = root
        for step in path.dropLast() {
            if let members = current.members, let member = members.last(where: { $0.key == step }) {
                current = member.value
            } else if let elements = current.array, let index = Int(step), elements.indices.contains(index) {
                current = elements[index]
            }
        }
        if let member = current.members?.last(where: { $0.key == last }) { return place(ofOffset: member.offset) }
        return place(ofOffset: current.offset)
    }
}
