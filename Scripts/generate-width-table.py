#!/usr/bin/env python3
"""Generate Sources/LineMode/Text/WidthTable.swift, the tables behind DisplayWidth.

Usage (from the package root):

    python3 Scripts/generate-width-table.py > Sources/LineMode/Text/WidthTable.swift
    python3 Scripts/generate-width-table.py --emoji-data emoji-data.txt > Sources/LineMode/Text/WidthTable.swift

Sources:

* East Asian Width and General Category come from Python's `unicodedata`, whose Unicode
  version is recorded in the generated header. Run a newer Python to pick up newer Unicode.
  Only assigned code points are read from it: CPython 3.11 reports East Asian Width "F" for
  every unassigned code point, which is wrong, so unassigned code points are handled by the
  defaults that EastAsianWidth.txt states in its header (see DEFAULT_WIDE below).
* `unicodedata` has no emoji properties. Unless `--emoji-data` points at a copy of Unicode's
  emoji-data.txt, the Emoji_Presentation ranges and the text-presentation emoji ranges (Emoji=Yes,
  Emoji_Presentation=No) are the built-in lists below, for Unicode 15.0: the Unicode 14.0
  values (taken from Perl's Unicode 14.0 property tables on the build machine) plus the
  Unicode 15.0 additions, which were all Emoji_Presentation=Yes. The Swift test suite checks
  these lists against the Swift standard library's own Unicode data.

Tables (all sorted, non-overlapping, adjacent ranges merged):

* wide: East Asian Width W or F, the unassigned code points that default to W, and the
  Unicode 15.0 wide additions that an older `unicodedata` does not know.
* zeroWidth: General Category Mn, Me and Cf, plus Hangul medial vowels and final consonants
  (U+1160-11FF, U+D7B0-D7FF), minus the scalars that VisibleText always escapes (those count
  one column, like the character VisibleText shows instead). Zero width wins over wide
  (U+302A-302D and U+3099-309A are both).
* emojiPresentation: Emoji_Presentation=Yes. Shown two columns wide.
* textPresentationEmoji: Emoji=Yes and Emoji_Presentation=No. One column alone, two with U+FE0F.
"""

import argparse
import sys
import unicodedata

# Unassigned code points that EastAsianWidth.txt says default to W.
DEFAULT_WIDE = [
    (0x3400, 0x4DBF),  # CJK Unified Ideographs Extension A
    (0x4E00, 0x9FFF),  # CJK Unified Ideographs
    (0xF900, 0xFAFF),  # CJK Compatibility Ideographs
    (0x20000, 0x2FFFD),  # Plane 2
    (0x30000, 0x3FFFD),  # Plane 3
]

# Wide characters new in Unicode 15.0 outside the ranges above and outside the emoji lists.
UNICODE_15_WIDE = [
    (0x1B132, 0x1B132),  # HIRAGANA LETTER SMALL KO
    (0x1B155, 0x1B155),  # KATAKANA LETTER SMALL KO
]

# Hangul Jamo that only combine with a preceding leading consonant: medial vowels and
# final consonants, in Hangul Jamo and Hangul Jamo Extended-B.
HANGUL_COMBINING_JAMO = [(0x1160, 0x11FF), (0xD7B0, 0xD7FF)]

# Scalars that VisibleText.make always escapes. Keep in step with VisibleText.swift; a test
# checks that each of them measures one column.
ALWAYS_ESCAPED = [
    (0x0000, 0x001F),  # C0 controls
    (0x007F, 0x009F),  # DEL and C1 controls
    (0x00AD, 0x00AD),  # SOFT HYPHEN
    (0x061C, 0x061C),  # ARABIC LETTER MARK
    (0x180E, 0x180E),  # MONGOLIAN VOWEL SEPARATOR
    (0x200B, 0x200B),  # ZERO WIDTH SPACE
    (0x200E, 0x200F),  # LEFT-TO-RIGHT MARK, RIGHT-TO-LEFT MARK
    (0x2028, 0x202E),  # LINE/PARAGRAPH SEPARATOR, bidi embeddings and overrides
    (0x2060, 0x206F),  # WORD JOINER, invisible operators, bidi isolates, deprecated format
    (0xFEFF, 0xFEFF),  # ZERO WIDTH NO-BREAK SPACE (byte order mark)
    (0xFFF9, 0xFFFB),  # interlinear annotation
    (0xE0001, 0xE0001),  # LANGUAGE TAG
]

# Emoji_Presentation=Yes, Unicode 15.0.
EMOJI_PRESENTATION = [
    (0x231A, 0x231B), (0x23E9, 0x23EC), (0x23F0, 0x23F0), (0x23F3, 0x23F3), (0x25FD, 0x25FE),
    (0x2614, 0x2615), (0x2648, 0x2653), (0x267F, 0x267F), (0x2693, 0x2693), (0x26A1, 0x26A1),
    (0x26AA, 0x26AB), (0x26BD, 0x26BE), (0x26C4, 0x26C5), (0x26CE, 0x26CE), (0x26D4, 0x26D4),
    (0x26EA, 0x26EA), (0x26F2, 0x26F3), (0x26F5, 0x26F5), (0x26FA, 0x26FA), (0x26FD, 0x26FD),
    (0x2705, 0x2705), (0x270A, 0x270B), (0x2728, 0x2728), (0x274C, 0x274C), (0x274E, 0x274E),
    (0x2753, 0x2755), (0x2757, 0x2757), (0x2795, 0x2797), (0x27B0, 0x27B0), (0x27BF, 0x27BF),
    (0x2B1B, 0x2B1C), (0x2B50, 0x2B50), (0x2B55, 0x2B55), (0x1F004, 0x1F004), (0x1F0CF, 0x1F0CF),
    (0x1F18E, 0x1F18E), (0x1F191, 0x1F19A), (0x1F1E6, 0x1F1FF), (0x1F201, 0x1F201),
    (0x1F21A, 0x1F21A), (0x1F22F, 0x1F22F), (0x1F232, 0x1F236), (0x1F238, 0x1F23A),
    (0x1F250, 0x1F251), (0x1F300, 0x1F320), (0x1F32D, 0x1F335), (0x1F337, 0x1F37C),
    (0x1F37E, 0x1F393), (0x1F3A0, 0x1F3CA), (0x1F3CF, 0x1F3D3), (0x1F3E0, 0x1F3F0),
    (0x1F3F4, 0x1F3F4), (0x1F3F8, 0x1F43E), (0x1F440, 0x1F440), (0x1F442, 0x1F4FC),
    (0x1F4FF, 0x1F53D), (0x1F54B, 0x1F54E), (0x1F550, 0x1F567), (0x1F57A, 0x1F57A),
    (0x1F595, 0x1F596), (0x1F5A4, 0x1F5A4), (0x1F5FB, 0x1F64F), (0x1F680, 0x1F6C5),
    (0x1F6CC, 0x1F6CC), (0x1F6D0, 0x1F6D2), (0x1F6D5, 0x1F6D7), (0x1F6DC, 0x1F6DF),
    (0x1F6EB, 0x1F6EC), (0x1F6F4, 0x1F6FC), (0x1F7E0, 0x1F7EB), (0x1F7F0, 0x1F7F0),
    (0x1F90C, 0x1F93A), (0x1F93C, 0x1F945), (0x1F947, 0x1F9FF), (0x1FA70, 0x1FA7C),
    (0x1FA80, 0x1FA88), (0x1FA90, 0x1FABD), (0x1FABF, 0x1FAC5), (0x1FACE, 0x1FADB),
    (0x1FAE0, 0x1FAE8), (0x1FAF0, 0x1FAF8),
]

# Emoji=Yes and Emoji_Presentation=No, Unicode 15.0: emoji shown as text unless followed by
# U+FE0F VARIATION SELECTOR-16.
TEXT_PRESENTATION_EMOJI = [
    (0x0023, 0x0023), (0x002A, 0x002A), (0x0030, 0x0039), (0x00A9, 0x00A9), (0x00AE, 0x00AE),
    (0x203C, 0x203C), (0x2049, 0x2049), (0x2122, 0x2122), (0x2139, 0x2139), (0x2194, 0x2199),
    (0x21A9, 0x21AA), (0x2328, 0x2328), (0x23CF, 0x23CF), (0x23ED, 0x23EF), (0x23F1, 0x23F2),
    (0x23F8, 0x23FA), (0x24C2, 0x24C2), (0x25AA, 0x25AB), (0x25B6, 0x25B6), (0x25C0, 0x25C0),
    (0x25FB, 0x25FC), (0x2600, 0x2604), (0x260E, 0x260E), (0x2611, 0x2611), (0x2618, 0x2618),
    (0x261D, 0x261D), (0x2620, 0x2620), (0x2622, 0x2623), (0x2626, 0x2626), (0x262A, 0x262A),
    (0x262E, 0x262F), (0x2638, 0x263A), (0x2640, 0x2640), (0x2642, 0x2642), (0x265F, 0x2660),
    (0x2663, 0x2663), (0x2665, 0x2666), (0x2668, 0x2668), (0x267B, 0x267B), (0x267E, 0x267E),
    (0x2692, 0x2692), (0x2694, 0x2697), (0x2699, 0x2699), (0x269B, 0x269C), (0x26A0, 0x26A0),
    (0x26A7, 0x26A7), (0x26B0, 0x26B1), (0x26C8, 0x26C8), (0x26CF, 0x26CF), (0x26D1, 0x26D1),
    (0x26D3, 0x26D3), (0x26E9, 0x26E9), (0x26F0, 0x26F1), (0x26F4, 0x26F4), (0x26F7, 0x26F9),
    (0x2702, 0x2702), (0x2708, 0x2709), (0x270C, 0x270D), (0x270F, 0x270F), (0x2712, 0x2712),
    (0x2714, 0x2714), (0x2716, 0x2716), (0x271D, 0x271D), (0x2721, 0x2721), (0x2733, 0x2734),
    (0x2744, 0x2744), (0x2747, 0x2747), (0x2763, 0x2764), (0x27A1, 0x27A1), (0x2934, 0x2935),
    (0x2B05, 0x2B07), (0x3030, 0x3030), (0x303D, 0x303D), (0x3297, 0x3297), (0x3299, 0x3299),
    (0x1F170, 0x1F171), (0x1F17E, 0x1F17F), (0x1F202, 0x1F202), (0x1F237, 0x1F237),
    (0x1F321, 0x1F321), (0x1F324, 0x1F32C), (0x1F336, 0x1F336), (0x1F37D, 0x1F37D),
    (0x1F396, 0x1F397), (0x1F399, 0x1F39B), (0x1F39E, 0x1F39F), (0x1F3CB, 0x1F3CE),
    (0x1F3D4, 0x1F3DF), (0x1F3F3, 0x1F3F3), (0x1F3F5, 0x1F3F5), (0x1F3F7, 0x1F3F7),
    (0x1F43F, 0x1F43F), (0x1F441, 0x1F441), (0x1F4FD, 0x1F4FD), (0x1F549, 0x1F54A),
    (0x1F56F, 0x1F570), (0x1F573, 0x1F579), (0x1F587, 0x1F587), (0x1F58A, 0x1F58D),
    (0x1F590, 0x1F590), (0x1F5A5, 0x1F5A5), (0x1F5A8, 0x1F5A8), (0x1F5B1, 0x1F5B2),
    (0x1F5BC, 0x1F5BC), (0x1F5C2, 0x1F5C4), (0x1F5D1, 0x1F5D3), (0x1F5DC, 0x1F5DE),
    (0x1F5E1, 0x1F5E1), (0x1F5E3, 0x1F5E3), (0x1F5E8, 0x1F5E8), (0x1F5EF, 0x1F5EF),
    (0x1F5F3, 0x1F5F3), (0x1F5FA, 0x1F5FA), (0x1F6CB, 0x1F6CB), (0x1F6CD, 0x1F6CF),
    (0x1F6E0, 0x1F6E5), (0x1F6E9, 0x1F6E9), (0x1F6F0, 0x1F6F0), (0x1F6F3, 0x1F6F3),
]

MAX_SCALAR = 0x10FFFF
LINE_LENGTH = 120
INDENT = "        "


def expand(ranges):
    """The set of code points in a list of closed ranges."""
    points = set()
    for low, high in ranges:
        points.update(range(low, high + 1))
    return points


def merge(points):
    """Sorted closed ranges covering a set of code points, adjacent ranges merged."""
    ranges = []
    for point in sorted(points):
        if ranges and ranges[-1][1] + 1 == point:
            ranges[-1][1] = point
        else:
            ranges.append([point, point])
    return [(low, high) for low, high in ranges]


def assigned_code_points():
    """Every assigned code point, as (code point, character)."""
    for point in range(MAX_SCALAR + 1):
        if 0xD800 <= point <= 0xDFFF:
            continue
        character = chr(point)
        if unicodedata.category(character) != "Cn":
            yield point, character


def read_emoji_data(path):
    """Emoji_Presentation and Emoji=Yes code points from a copy of emoji-data.txt."""
    properties = {"Emoji": set(), "Emoji_Presentation": set()}
    with open(path, encoding="utf-8") as file:
        for line in file:
            fields = line.split("#", 1)[0].split(";")
            if len(fields) != 2:
                continue
            name = fields[1].strip()
            if name not in properties:
                continue
            bounds = fields[0].strip().split("..")
            low = int(bounds[0], 16)
            high = int(bounds[-1], 16)
            properties[name].update(range(low, high + 1))
    return properties["Emoji_Presentation"], properties["Emoji"]


def swift_hex(value):
    """A hexadecimal Swift literal, grouped by four digits the way swift-format wants it."""
    digits = "%04X" % value
    if len(digits) > 4:
        groups = []
        while digits:
            groups.insert(0, digits[-4:])
            digits = digits[:-4]
        digits = "_".join(groups)
    return "0x" + digits


def swift_array(name, summary, ranges):
    """A static let holding `ranges`, wrapped to the formatter's line length."""
    lines = ["    /// %s" % summary, "    static let %s: [ClosedRange<UInt32>] = [" % name]
    line = INDENT
    for low, high in ranges:
        item = "%s...%s," % (swift_hex(low), swift_hex(high))
        if line != INDENT and len(line) + 1 + len(item) > LINE_LENGTH:
            lines.append(line)
            line = INDENT
        line = line + item if line == INDENT else line + " " + item
    lines.append(line)
    lines.append("    ]")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--emoji-data", help="path to Unicode's emoji-data.txt to use instead of the built-in lists")
    arguments = parser.parse_args()

    if arguments.emoji_data:
        emoji_presentation, emoji = read_emoji_data(arguments.emoji_data)
        text_presentation_emoji = emoji - emoji_presentation
        emoji_source = "emoji-data.txt given with --emoji-data"
    else:
        emoji_presentation = expand(EMOJI_PRESENTATION)
        text_presentation_emoji = expand(TEXT_PRESENTATION_EMOJI)
        emoji_source = "Unicode 15.0, the lists built into the script"

    always_escaped = expand(ALWAYS_ESCAPED)
    wide = expand(DEFAULT_WIDE) | expand(UNICODE_15_WIDE)
    zero_width = expand(HANGUL_COMBINING_JAMO)
    for point, character in assigned_code_points():
        if unicodedata.east_asian_width(character) in ("W", "F"):
            wide.add(point)
        if unicodedata.category(character) in ("Mn", "Me", "Cf"):
            zero_width.add(point)
    zero_width -= always_escaped
    wide -= zero_width

    # DisplayWidth answers 1 below U+0300 without looking at these tables.
    assert min(zero_width) >= 0x300 and min(wide) >= 0x300 and min(emoji_presentation) >= 0x300
    assert not (emoji_presentation & text_presentation_emoji)

    header = [
        "// This file is generated by Scripts/generate-width-table.py. Do not edit it by hand.",
        "// Regenerate from the package root with:",
        "//     python3 Scripts/generate-width-table.py > Sources/LineMode/Text/WidthTable.swift",
        "// Unicode character database: %s (Python %d.%d unicodedata)."
        % (unicodedata.unidata_version, sys.version_info.major, sys.version_info.minor),
        "// Emoji properties: %s." % emoji_source,
        "",
        "/// Sorted, non-overlapping ranges of Unicode scalar values that `DisplayWidth` looks up.",
        "enum WidthTable {",
    ]
    tables = [
        swift_array(
            "wide",
            "East Asian Width W or F: two columns. Excludes `zeroWidth`.",
            merge(wide),
        ),
        swift_array(
            "zeroWidth",
            "Combining marks, format characters and Hangul medial and final jamo: no columns.",
            merge(zero_width),
        ),
        swift_array(
            "emojiPresentation",
            "Emoji_Presentation=Yes: emoji shown two columns wide.",
            merge(emoji_presentation),
        ),
        swift_array(
            "textPresentationEmoji",
            "Emoji=Yes, Emoji_Presentation=No: one column alone, two when followed by U+FE0F.",
            merge(text_presentation_emoji),
        ),
    ]
    sys.stdout.write("\n".join(header) + "\n" + "\n\n".join(tables) + "\n}\n")


if __name__ == "__main__":
    main()
