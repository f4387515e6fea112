#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-shot conversion through the C library's `iconv`, reporting the offset of bad input.
///
/// A descriptor is opened per conversion: `iconv_t` is not safe to share between threads.
enum IconvConverter {
    /// Converts `input` from `source` to `target`, trying each source name in turn until the
    /// C library knows one (glibc calls CP950 an alias of BIG5; other systems may differ).
    ///
    /// - Parameters:
    ///   - input: The bytes to convert.
    ///   - sources: Names of the input encoding, most specific first.
    ///   - target: The name of the output encoding.
    ///   - label: The encoding's name in error messages.
    ///   - encoding: True when converting text into `target` (errors are then "unencodable").
    static func convert(
        _ input: [UInt8], from sources: [String], to target: String, label: String, encoding: Bool
    ) throws(TextDecodingError) -> [UInt8] {
        guard let descriptor = open(from: sources, to: target) else {
            throw .converterUnavailable(from: sources.first ?? "?", to: target)
        }
        defer { iconv_close(descriptor) }
        if input.isEmpty { return [] }

        var source = input
        var output = [UInt8](repeating: 0, count: input.count * 2 + 16)
        var produced = 0
        var consumed = 0
        while consumed < source.count {
            var failure: Int32 = 0
            source.withUnsafeMutableBytes { sourceBytes in
                output.withUnsafeMutableBytes { outputBytes in
                    guard let sourceBase = sourceBytes.baseAddress, let outputBase = outputBytes.baseAddress else {
                        return
                    }
                    var inPointer: UnsafeMutablePointer<CChar>? =
                        (sourceBase + consumed).assumingMemoryBound(to: CChar.self)
                    var inLeft = sourceBytes.count - consumed
                    var outPointer: UnsafeMutablePointer<CChar>? =
                        (outputBase + produced).assumingMemoryBound(to: CChar.self)
                    var outLeft = outputBytes.count - produced
                    let result = iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
                    consumed = sourceBytes.count - inLeft
                    produced = outputBytes.count - outLeft
                    if result == -1 { failure = errno }
                }
            }
            switch failure {
            case 0:
                continue
            case E2BIG:
                output.append(contentsOf: repeatElement(0, count: output.count))
            case EINVAL:
                throw .truncatedSequence(encoding: label, byteOffset: consumed)
            default:
                if encoding { throw .unencodable(encoding: label, byteOffset: consumed) }
                let bad = Array(source[consumed..<min(consumed + 2, source.count)])
                throw .invalidBytes(encoding: label, byteOffset: consumed, bytes: bad)
            }
        }
        output.removeSubrange(produced...)
        return output
    }

    private static func open(from sources: [String], to target: String) -> iconv_t? {
        let failed = iconv_t(bitPattern: -1)
        for source in sources {
            let descriptor = iconv_open(target, source)
            if descriptor != failed { return descriptor }
        }
        return nil
    }
}
