#!/usr/bin/env python3
"""Counts the public symbols of each library product: what a package that depends on this one
can name. Reads the modules of the last debug build (run `swift build` first) with
swift-symbolgraph-extract; a symbol counts once, in the module that declares it.

    Scripts/public-symbols.py              # one line per product
    Scripts/public-symbols.py --list LineMode   # and the public symbols of one module

`declared` leaves out the members a type gets from its protocols (`!=`, a default
implementation); `with inherited` is what the documentation of the module lists. A public type
that no topic of the module's DocC catalog (`Sources/<Module>/<Module>.docc`) lists is named
after its product's line.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter

listed = sys.argv[sys.argv.index("--list") + 1] if "--list" in sys.argv else None
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(arguments):
    return subprocess.check_output(arguments, cwd=root, stderr=subprocess.DEVNULL, text=True)


package = json.loads(run(["swift", "package", "dump-package"]))
modules = os.path.join(run(["swift", "build", "--show-bin-path"]).strip(), "Modules")
triple = json.loads(run(["swift", "-print-target-info"]))["target"]["triple"]
products = [product for product in package["products"] if "library" in product["type"]]


def symbols(module, skip_inherited):
    """The public symbols `module` declares: its own graph and its extensions of other modules."""
    with tempfile.TemporaryDirectory() as folder:
        arguments = ["swift-symbolgraph-extract", "-module-name", module, "-I", modules, "-target", triple,
                     "-minimum-access-level", "public", "-output-dir", folder]
        if skip_inherited:
            arguments.append("-skip-synthesized-members")
        subprocess.run(arguments, check=True, cwd=root)
        found = []
        for name in sorted(os.listdir(folder)):
            with open(os.path.join(folder, name)) as file:
                graph = json.load(file)
            found += [symbol for symbol in graph["symbols"] if symbol.get("accessLevel") == "public"]
        return found


def curated(module):
    """The symbols a `- ``Name``` line of the module's catalog lists."""
    folder = os.path.join(root, "Sources", module, f"{module}.docc")
    if not os.path.isdir(folder):
        return set()
    text = "".join(open(os.path.join(folder, name)).read() for name in os.listdir(folder) if name.endswith(".md"))
    return set(re.findall(r"^- ``([A-Za-z0-9_]+)``", text, re.M))


print(f"{'product':<20} {'declared':>9} {'with inherited':>15}  types")
for product in products:
    declared = [symbol for target in product["targets"] for symbol in symbols(target, True)]
    everything = sum(len(symbols(target, False)) for target in product["targets"])
    kinds = Counter(symbol["kind"]["identifier"] for symbol in declared)
    types = sum(count for kind, count in kinds.items()
                if kind in ("swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias"))
    print(f"{product['name']:<20} {len(declared):>9} {everything:>15}  {types}")
    in_topics = set().union(*(curated(target) for target in product["targets"]))
    top = {symbol["pathComponents"][0] for symbol in declared if len(symbol["pathComponents"]) == 1}
    if top - in_topics:
        print(f"    in no DocC topic: {', '.join(sorted(top - in_topics))}")
    if listed in product["targets"]:
        for symbol in sorted(declared, key=lambda symbol: symbol["pathComponents"]):
            print(f"    {'.'.join(symbol['pathComponents'])}  ({symbol['kind']['displayName']})")
