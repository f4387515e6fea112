#!/usr/bin/env python3
"""Prints the package's target graph (what `swift package show-dependencies` does not show):
one line per target, its kind and path, and the targets and products it depends on.

    Scripts/target-graph.py            # this package
    Scripts/target-graph.py DIR        # another package
"""
import json
import subprocess
import sys

folder = sys.argv[1] if len(sys.argv) > 1 else "."
package = json.loads(
    subprocess.check_output(["swift", "package", "dump-package"], cwd=folder, stderr=subprocess.DEVNULL))
for target in package["targets"]:
    names = [value[0] for dependency in target.get("dependencies", []) for value in dependency.values()]
    where = f", {target['path']}" if target.get("path") else ""
    print(f"{target['name']} ({target['type']}{where}) -> {', '.join(names) or '-'}")
