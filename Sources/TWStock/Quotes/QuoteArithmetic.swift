import BrowseSupport
import ListKit

/// Exact differences and percentages of prices, in scaled integers.
enum QuoteArithmetic {
    /// `a - b` at the finer of their scales; `nil` on overflow.
    static func difference(_ a: ExactDecimal, _ b: ExactDecimal) -> ExactDecimal? {
        let scale = max(a.scale, b.scale)
        guard let left = scaled(a, to: scale), let right = scaled(b, to: scale) else { return nil }
        let (result, overflow) = left.subtractingReportingOverflow(right)
        return overflow ? nil : ExactDecimal(units: result, scale: scale)
    }

    /// `part / whole × 100` to two decimals, rounded half away from zero; `nil` on overflow.
    static func percent(_ part: ExactDecimal, of whole: ExactDecimal) -> ExactDecimal? {
        let scale = max(part.scale, whole.scale)
        guard let numerator = scaled(part, to: scale), let denominator = scaled(whole, to: scale),
            denominator != 0
        else { return nil }
        // Hundredths of a percent: numerator × 10,000 / denominator.
        let (wide, overflow) = numerator.multipliedReportingOverflow(by: 10_000)
        guard !overflow else { return nil }
        let quotient = wide / denominator
        let remainder = wide % denominator
        let roundsAway = remainder.magnitude * 2 >= denominator.magnitude
        let negative = (wide < 0) != (denominator < 0)
        let rounded = roundsAway ? quotient + (negative ? -1 : 1) : quotient
        return ExactDecimal(units: rounded, scale: 2)
    }

    private static func scaled(_ value: ExactDecimal, to scale: Int) -> Int64? {
        var units = value.units
        for _ in value.scale..<max(value.scale, scale) {
            let (next, overflow) = units.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            units = next
        }
        return units
    }
}
