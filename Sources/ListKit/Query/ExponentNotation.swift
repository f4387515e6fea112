import BrowseSupport

/// Numbers written with an exponent (`1e2`, `2.5E-3`, `-4e+6`), read exactly: the digits and
/// the power of ten become an `ExactDecimal`, never a `Double`, so `where v > 1e2` compares
/// with exactly 100.
enum ExponentNotation {
    /// The exact value of `text`, a decimal (`1`, `2.5`, no thousands separators) then `e` or
    /// `E` and a whole exponent.
    ///
    /// - Returns: `nil` when `text` is not written so, or when its value needs more than
    ///   `ExactDecimal.maximumScale` decimals or more digits than an `ExactDecimal` holds.
    static func decimal(_ text: String) -> ExactDecimal? {
        guard let (mantissa, exponent) = parts(text) else { return nil }
        // Zero is zero whatever the power; any other value past ten to the 40th is out of range.
        if mantissa.units == 0 { return ExactDecimal(0) }
        guard abs(exponent) <= 40 else { return nil }
        var units = mantissa.units
        var scale = mantissa.scale - exponent
        // Trailing zeros of the digits pay for decimals beyond the limit (`100e-14`).
        while scale > ExactDecimal.maximumScale, units % 10 == 0, units != 0 {
            units /= 10
            scale -= 1
        }
        guard scale <= ExactDecimal.maximumScale else { return nil }
        while scale < 0 {
            let (product, overflow) = units.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            units = product
            scale += 1
        }
        return ExactDecimal(units: units, scale: scale)
    }

    /// Whether `text` is written with an exponent, whatever its size: a number then, but
    /// perhaps one too large or too small for ``decimal(_:)``.
    static func isWritten(_ text: String) -> Bool {
        parts(text) != nil
    }

    /// The digits and the exponent of `text`, with an exponent of at most four digits.
    private static func parts(_ text: String) -> (ExactDecimal, Int)? {
        guard let marker = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return nil }
        let power = text[text.index(after: marker)...]
        let powerDigits = power.first == "+" || power.first == "-" ? power.dropFirst() : power
        guard let mantissa = ExactDecimal(text[..<marker], allowsGrouping: false),
            !powerDigits.isEmpty, powerDigits.count <= 4, powerDigits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let exponent = Int(power)
        else { return nil }
        return (mantissa, exponent)
    }
}
