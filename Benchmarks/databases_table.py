#!/usr/bin/env python3
"""Prints hyperfine JSON exports as one Markdown row each: browse's median, the peers', ratios.

Usage: databases_table.py TITLE JSON   (the first command is browse, the rest its peers)
"""
import json
import sys

title, path = sys.argv[1], sys.argv[2]
results = json.load(open(path))["results"]
browse = results[0]["median"]
cells = [f"{browse * 1000:.1f} ms"]
for peer in results[1:]:
    cells.append(f"{peer['median'] * 1000:.1f} ms ({browse / peer['median']:.2f})")
print(f"| {title} | " + " | ".join(cells) + " |")
