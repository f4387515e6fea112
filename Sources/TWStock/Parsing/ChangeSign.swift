import BrowseSupport
import ListKit

/// The sign of a change as MI_INDEX sends it: HTML around a character, in two spacings
/// (`<p style= color:red>+</p>` for securities, `<p style ='color:red'>+</p>` for indices),
/// `<p>X</p>` when not compared, `<p> </p>` when there is none. The tags are read past, never
/// shown.
enum ChangeSign: Hashable {
    case rise
    case fall
    case notCompared
    case none

    /// Reads the text between the tags; `nil` when it is none of `+`, `-`, `X` or blank.
    ///
    /// - Complexity: O(n) in the length of `text`.
    init?(html text: String) {
        var visible = ""
        var inTag = false
        for character in text {
            if character == "<" {
                inTag = true
            } else if character == ">", inTag {
                inTag = false
            } else if !inTag {
                visible.append(character)
            }
        }
        // Not `FieldText.clean`: to it a `-` alone is a placeholder for nothing.
        switch visible.trimming(" \u{3000}\u{A0}\t") {
        case "+": self = .rise
        case "-": self = .fall
        case "X", "x": self = .notCompared
        case "": self = .none
        default: return nil
        }
    }

    /// The change this sign gives `points` (漲跌點數, 漲跌價差, written without a sign): a rise
    /// or fall of them, not compared, or — without a sign — unchanged when there was a trade
    /// and nothing when there was none.
    func change(_ points: ExactDecimal?, traded: Bool) -> PriceChange {
        switch self {
        case .rise: return points.map { $0.isZero ? .unchanged : .up($0) } ?? .absent
        case .fall:
            return points.map { $0.isZero ? .unchanged : .down(ExactDecimal(units: abs($0.units), scale: $0.scale)) }
                ?? .absent
        case .notCompared: return .notCompared
        case .none: return traded ? .unchanged : .absent
        }
    }
}
