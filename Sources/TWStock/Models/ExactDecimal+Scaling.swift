import BrowseSupport
import ListKit

extension ExactDecimal {
    /// `self × numerator ÷ denominator`, rounded half away from zero to `scale` digits, in
    /// integers (no floating point); `nil` when the denominator is zero or the result does not
    /// fit.
    ///
    /// - Complexity: O(1).
    func scaled(by numerator: ExactDecimal, over denominator: ExactDecimal, toScale scale: Int) -> ExactDecimal? {
        guard denominator.units != 0, (0...Self.maximumScale).contains(scale) else { return nil }
        // self.units·numerator.units·10^(denominator.scale + scale)
        //   ÷ (denominator.units·10^(self.scale + numerator.scale))
        func power(_ exponent: Int) -> Int128? {
            var result: Int128 = 1
            for _ in 0..<exponent {
                let (next, overflow) = result.multipliedReportingOverflow(by: 10)
                if overflow { return nil }
                result = next
            }
            return result
        }
        guard let up = power(denominator.scale + scale), let down = power(self.scale + numerator.scale) else {
            return nil
        }
        let (product, overflow1) = Int128(units).multipliedReportingOverflow(by: Int128(numerator.units))
        let (top, overflow2) = product.multipliedReportingOverflow(by: up)
        let (bottom, overflow3) = Int128(denominator.units).multipliedReportingOverflow(by: down)
        guard !overflow1, !overflow2, !overflow3 else { return nil }
        var quotient = top / bottom
        let remainder = top % bottom
        if remainder.magnitude * 2 >= bottom.magnitude {
            quotient += (top < 0) != (bottom < 0) ? -1 : 1
        }
        guard let units = Int64(exactly: quotient) else { return nil }
        return ExactDecimal(units: units, scale: scale)
    }
}
