/// A number of bytes as people write it on a command line (`500M`, `2G`, `1048576`) and read
/// it in a message (`1 GiB`).
///
/// Units are binary: `K` is 1,024 bytes, `M` 1,024², `G` 1,024³, `T` 1,024⁴; `KB`, `KiB` and
/// lower case mean the same.
public struct ByteSize: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The number of bytes.
    public let bytes: Int

    public init(_ bytes: Int) {
        self.bytes = bytes
    }

    /// The most any one input (a download, standard input, a device) may bring into memory
    /// unless the person asks for more: 1 GiB.
    public static let defaultInputLimit = ByteSize(1 << 30)

    /// Reads `500M`, `1.5G`, `2GiB`, `4096`; `nil` for anything else, for a negative number,
    /// for more than three decimals, and for a size that does not fit in an `Int`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public init?(parsing text: String) {
        let trimmed = text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
        let digits = String(trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") })
        var unit = String(trimmed.dropFirst(digits.count)).lowercased()
        if unit.hasSuffix("ib") {
            unit.removeLast(2)
        } else if unit.hasSuffix("b") {
            unit.removeLast()
        }
        let shift: Int
        switch unit {
        case "": shift = 0
        case "k": shift = 10
        case "m": shift = 20
        case "g": shift = 30
        case "t": shift = 40
        default: return nil
        }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = Int(parts[0].isEmpty ? "0" : parts[0]) else { return nil }
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: 1 << shift)
        guard !overflow, !(parts[0].isEmpty && parts.count == 1) else { return nil }
        var bytes = scaled
        if parts.count == 2 {
            // A fraction of a unit, rounded down to whole bytes: `1.5G`. Three decimals are
            // plenty, and keep `numerator << shift` far from overflowing.
            let fraction = parts[1]
            guard !fraction.isEmpty, fraction.count <= 3, let numerator = Int(fraction), shift > 0 else { return nil }
            var denominator = 1
            for _ in 0..<fraction.count { denominator *= 10 }
            let (sum, overflow) = bytes.addingReportingOverflow(numerator * (1 << shift) / denominator)
            guard !overflow else { return nil }
            bytes = sum
        }
        self.bytes = bytes
    }

    /// `1 GiB`, `1.5 GiB`, `500 MiB`, `900 bytes`: the largest unit that gives at least 1, with
    /// at most one decimal, rounded down so a limit is never shown larger than it is.
    public var description: String {
        let units = [(40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")]
        for (shift, name) in units where bytes >= 1 << shift {
            let whole = bytes >> shift
            let decimal = ((bytes & ((1 << shift) - 1)) * 10) >> shift
            return decimal == 0 || whole >= 100 ? "\(whole) \(name)" : "\(whole).\(decimal) \(name)"
        }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }

    public static func < (lhs: ByteSize, rhs: ByteSize) -> Bool {
        lhs.bytes < rhs.bytes
    }
}
