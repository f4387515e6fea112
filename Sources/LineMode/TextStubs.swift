// TEMPORARY: replaced by Text/ from the linemode-text branch.
import ListKit

public enum DisplayWidth {
    public static func of(_ text: String) -> Int { text.count }
    public static func of(_ character: Character) -> Int { 1 }
}

public enum VisibleText {
    public static func make(_ text: String) -> String { text }
}

public enum TextFitting {
    public static func truncate(_ text: String, toWidth width: Int) -> String {
        if width <= 0 { return "" }
        if text.count <= width { return text }
        return String(text.prefix(width - 1)) + "…"
    }
    public static func fit(_ text: String, toWidth width: Int, alignment: Alignment) -> String {
        let cut = truncate(text, toWidth: width)
        let pad = String(repeating: " ", count: max(0, width - cut.count))
        return alignment == .leading ? cut + pad : pad + cut
    }
}
