#!/usr/bin/env python3
"""Prints a hyperfine JSON export as a Markdown table of medians, each as a ratio to the first command."""
import json
import sys

results = json.load(open(sys.argv[1]))["results"]
base = results[0]["median"]
print("| command | median | min | max | ratio to first |")
print("|---|---:|---:|---:|---:|")
for r in results:
    cmd = r["command"].replace(sys.argv[2] if len(sys.argv) > 2 else "\0", "")
    print(f"| `{cmd}` | {r['median'] * 1000:.1f} ms | {r['min'] * 1000:.1f} ms | {r['max'] * 1000:.1f} ms | {r['median'] / base:.2f} |")
