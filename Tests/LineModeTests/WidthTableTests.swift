import Testing

@testable import LineMode

/// Checks the generated tables against the Swift standard library's own Unicode data.
@Suite struct WidthTableTests {
    static let tables: [(name: String, ranges: [ClosedRange<UInt32>])] = [
        ("wide", WidthTable.wide),
        ("zeroWidth", WidthTable.zeroWidth),
        ("emojiPresentation", WidthTable.emojiPresentation),
        ("textPresentationEmoji", WidthTable.textPresentationEmoji),
    ]

    @Test func tablesAreSortedAndMerged() {
        for table in Self.tables {
            #expect(!table.ranges.isEmpty, "\(table.name)")
            for (before, after) in zip(table.ranges, table.ranges.dropFirst()) {
                #expect(before.upperBound + 1 < after.lowerBound, "\(table.name): \(before) \(after)")
            }
        }
    }

    @Test func wideAndZeroWidthTablesAreDisjoint() {
        // DisplayWidth looks up `wide` before `zeroWidth`, so a scalar in both would be wide.
        for range in WidthTable.zeroWidth {
            for value in range {
                #expect(!WidthTable.contains(value, in: WidthTable.wide), "U+\(String(value, radix: 16))")
                #expect(!WidthTable.contains(value, in: WidthTable.emojiPresentation), "U+\(String(value, radix: 16))")
            }
        }
        #expect(DisplayWidth.of("\u{302A}") == 0)  // IDEOGRAPHIC LEVEL TONE MARK: Mn, East Asian Width W
    }

    @Test func lookupFindsEdgesAndGaps() {
        let ranges: [ClosedRange<UInt32>] = [3...5, 9...9, 20...30]
        let inside: [UInt32] = [3, 4, 5, 9, 20, 25, 30]
        let outside: [UInt32] = [0, 2, 6, 8, 10, 19, 31, 0x10_FFFF]
        for value in inside {
            #expect(WidthTable.contains(value, in: ranges), "\(value)")
        }
        for value in outside {
            #expect(!WidthTable.contains(value, in: ranges), "\(value)")
        }
        #expect(!WidthTable.contains(1, in: []))
    }

    @Test func emojiTablesMatchTheStandardLibraryForUnicode15() {
        for value in UInt32(0)...0x10_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            // The tables describe Unicode 15.0; a newer standard library knows newer emoji.
            guard let age = properties.age, age.major < 15 || (age.major == 15 && age.minor == 0) else { continue }
            let presentation = WidthTable.contains(value, in: WidthTable.emojiPresentation)
            let textPresentation = WidthTable.contains(value, in: WidthTable.textPresentationEmoji)
            #expect(presentation == properties.isEmojiPresentation, "U+\(String(value, radix: 16))")
            #expect(
                textPresentation == (properties.isEmoji && !properties.isEmojiPresentation),
                "U+\(String(value, radix: 16))"
            )
        }
    }

    @Test func zeroWidthScalarsAreMarksFormatCharactersOrHangulJamo() {
        // Nonspacing in Unicode 14.0, which the table comes from; spacing from 15.0 on.
        let recategorized: Set<UInt32> = [0x1171E]
        for range in WidthTable.zeroWidth {
            for value in range where !recategorized.contains(value) {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let isJamo = (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value)
                let category = scalar.properties.generalCategory
                let isMarkOrFormat = [.nonspacingMark, .enclosingMark, .format].contains(category)
                #expect(isJamo || isMarkOrFormat, "U+\(String(value, radix: 16)) is \(category)")
            }
        }
    }

    @Test func everyMarkOrFormatCharacterOfUnicode14IsZeroWidthUnlessEscaped() {
        // The table comes from Python's Unicode 14.0 data; later additions are not checked.
        for value in UInt32(0x300)...0x10_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            guard let age = properties.age, age.major < 14 || (age.major == 14 && age.minor == 0) else { continue }
            guard [.nonspacingMark, .enclosingMark, .format].contains(properties.generalCategory) else { continue }
            let text = "\u{1F3F4}" + String(scalar)
            // Scalars VisibleText escapes even after a base character count one column.
            let isAlwaysEscaped = VisibleText.make(text) != text
            #expect(DisplayWidth.scalarWidth(scalar) == (isAlwaysEscaped ? 1 : 0), "U+\(String(value, radix: 16))")
        }
    }

    @Test func scalarsVisibleTextAlwaysEscapesCountOneColumn() {
        // The generator keeps its own copy of VisibleText's list; this catches any drift.
        var escapedCount = 0
        for value in Array(UInt32(0)...0x2_FFFF) + Array(UInt32(0xE_0000)...0xE_0FFF) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "\u{1F3F4}" + String(scalar)
            guard VisibleText.make(text) != text else { continue }
            escapedCount += 1
            #expect(DisplayWidth.of(String(scalar)) == 1, "U+\(String(value, radix: 16))")
        }
        // C0 and DEL, C1, U+00AD, U+061C, U+180E, U+200B, U+200E-200F, U+2028-202E,
        // U+2060-206F, U+FEFF, U+FFF9-FFFB, U+E0001.
        #expect(escapedCount == 33 + 32 + 1 + 1 + 1 + 1 + 2 + 7 + 16 + 1 + 3 + 1)
    }
}
