import TestSupport

/// Random strings that mix the hard cases of terminal text.
enum RandomText {
    /// Pieces chosen from on purpose: each is a case width, escaping or fitting must handle.
    static let pieces: [String] = [
        "a", "Z", "0", " ", "~", "台", "積", "電", "Ａ", "ｶ", "한", "\u{1100}", "\u{1161}", "\u{11A8}",
        "e\u{301}", "\u{301}", "\u{20DD}", "👍", "🏽", "👨‍👩‍👧", "🇹", "🇼", "❤", "\u{FE0F}", "\u{FE0E}", "☺",
        "\u{200D}", "\u{200C}", "\u{200B}", "\u{2060}", "\u{FEFF}", "\u{AD}", "\u{202E}", "\u{202A}",
        "\u{2066}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{61C}", "\u{1B}", "\u{1B}[2J", "\u{1B}]0;title\u{7}",
        "\u{7}", "\u{8}", "\r", "\n", "\r\n", "\t", "\u{0}", "\u{7F}", "\u{85}", "\u{9B}", "\u{9F}",
        "\u{2028}", "\u{2029}", "\u{1F3F4}", "\u{E0067}", "\u{E007F}", "\u{E0041}", "\u{E0001}",
        "\u{E0100}", "\u{180B}", "\u{600}", "\u{D4E}", "\u{915}", "\u{94D}", "\u{937}", "…", "±",
        "\u{3000}", "\u{1FAE8}", "\u{FFFD}", "\u{10FFFF}", "\u{E000}",
    ]

    /// A random string of up to 12 pieces or random scalars.
    static func make(using generator: inout SeededRandom) -> String {
        var text = ""
        let count = Int.random(in: 0...12, using: &generator)
        for _ in 0..<count {
            if Int.random(in: 0..<5, using: &generator) == 0 {
                text.unicodeScalars.append(randomScalar(using: &generator))
            } else {
                text += pieces.randomElement(using: &generator) ?? ""
            }
        }
        return text
    }

    /// Any valid scalar, more often from the Basic Multilingual Plane.
    private static func randomScalar(using generator: inout SeededRandom) -> Unicode.Scalar {
        let limit: UInt32 = Bool.random(using: &generator) ? 0xFFFF : 0x10_FFFF
        while true {
            if let scalar = Unicode.Scalar(UInt32.random(in: 0...limit, using: &generator)) {
                return scalar
            }
        }
    }
}
