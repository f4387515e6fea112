/// The UTF-8 byte order mark (U+FEFF as EF BB BF) that Windows tools and the exchanges' CSV
/// files write first: the one place that recognises it.
package enum ByteOrderMark {
    /// The mark's bytes.
    package static let bytes: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// 3 when `input` starts with the mark, else 0: where the content starts.
    ///
    /// - Complexity: O(1).
    package static func length<Bytes: Collection>(in input: Bytes) -> Int where Bytes.Element == UInt8 {
        var index = input.startIndex
        for expected in bytes {
            guard index != input.endIndex, input[index] == expected else { return 0 }
            input.formIndex(after: &index)
        }
        return bytes.count
    }

    /// `input` without a leading mark.
    package static func dropping<Bytes: Collection>(from input: Bytes) -> Bytes.SubSequence
    where Bytes.Element == UInt8 {
        input.dropFirst(length(in: input))
    }
}
