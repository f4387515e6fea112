#!/usr/bin/env python3
"""Prints a hyperfine JSON export as a Markdown table of medians, each as a ratio to the first command.

Usage: files_table.py JSON BROWSE_PATH DATA_PATH (the paths are shown as `browse` and `FILE`).
An export of rounds.py also has each command's median CPU time (user + system), shown with its
ratio to the first command's beside the wall clock's.
"""
import json
import sys

results = json.load(open(sys.argv[1]))["results"]
browse, data = sys.argv[2], sys.argv[3]
base = results[0]["median"]
cpu = all("cpu_median" in r for r in results)
if cpu:
    print("| command | median | min | max | ratio to browse | CPU median | CPU ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|")
else:
    print("| command | median | min | max | ratio to browse |")
    print("|---|---:|---:|---:|---:|")
for r in results:
    cmd = r["command"].replace(browse, "browse").replace(data, "FILE")
    if len(cmd) > 90:
        cmd = cmd[:87] + "…"
    row = f"| `{cmd}` | {r['median']:.3f} s | {r['min']:.3f} s | {r['max']:.3f} s | {r['median'] / base:.2f} |"
    if cpu:
        row += f" {r['cpu_median']:.3f} s | {r['cpu_median'] / results[0]['cpu_median']:.2f} |"
    print(row)
