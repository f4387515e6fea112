#!/usr/bin/env python3
"""Lists every Swift function in Sources whose body calls a function of its own name.

A function that recurses over its input can exhaust the stack on a deep enough input (JSON
nested a million levels). Run this after changing a parser; each line is a place to read: most
are overloads that call another function of the same name, which is fine, and a real recursion
must be bounded by something other than the input (a depth limit, or iteration).

    python3 Scripts/find-recursion.py
"""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent / "Sources"
FUNCTION = re.compile(r"func\s+([A-Za-z_][A-Za-z0-9_]*)\s*(<[^>]*>)?\s*\(")

for path in sorted(ROOT.rglob("*.swift")):
    text = path.read_text(encoding="utf-8")
    for match in FUNCTION.finditer(text):
        name = match.group(1)
        start = text.find("{", match.end())
        if start < 0:
            continue
        depth, end = 0, start
        while end < len(text):
            if text[end] == "{":
                depth += 1
            elif text[end] == "}":
                depth -= 1
                if depth == 0:
                    break
            end += 1
        body = text[start + 1 : end]
        if re.search(r"(?<![A-Za-z0-9_.])" + re.escape(name) + r"\s*\(", body) or re.search(
            r"(?:self|Self)\." + re.escape(name) + r"\s*\(", body
        ):
            line = text.count("\n", 0, match.start()) + 1
            print(f"{path.relative_to(ROOT.parent)}:{line}: {name}")
