#!/usr/bin/env bash
# Runs the framework benchmarks from the repository root's Benchmarks/ folder:
#   1. rendering one page at 10 thousand, 1 million and 10 million items (browse-bench);
#   2. the whole process of `browse films --format csv` (hyperfine, release build).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
command -v hyperfine >/dev/null || { echo "needs hyperfine: apt-get install hyperfine" >&2; exit 1; }

browse="$("$root/Scripts/release-build.sh")"
# The benchmarks time the package's own renderer, queries and exporter (`@testable import`).
(cd "$here" && swift build -c release -Xswiftc -enable-testing >/dev/null)

echo "## Page rendering"
"$here/.build/release/browse-bench"

echo
echo "## Whole process"
json="$(mktemp)"
hyperfine --warmup 5 --runs 50 -N --style none --export-json "$json" \
  "$browse films --format csv" \
  "$browse people --filter ford --format json" >/dev/null
python3 "$here/hyperfine_table.py" "$json" "$(dirname "$browse")/"
rm -f "$json"

# Taiwan market data from a warm cache, and the import of every shared TWSE file.
shared="$root/../shared/twse"
if [ -d "$shared" ]; then
  cache="$(mktemp -d)"
  b="$browse"
  # What a user's cache holds after downloading from MOPS and TWSE: the CSV company lists, an
  # all-market day and a month of 2330 (TPEx's JSON company list, slower to parse, is left out).
  "$b" import --cache-dir "$cache" "$shared/t187ap03_L_1131029.csv" "$shared/t187ap03_O_1131029.csv" \
    "$shared/STOCK_DAY_ALL_20250304.csv" "$shared/STOCK_DAY_2330_202506.json" >/dev/null 2>&1 || true
  # Twelve months of 2330 (June real, the eleven before it made from June) for `stock --months 12`.
  months="$(mktemp -d)"
  python3 "$here/stock_months.py" "$shared" "$months"
  "$b" import --cache-dir "$cache" "$months"/*.json >/dev/null 2>&1 || true
  rm -rf "$months"
  echo
  echo "## Taiwan market data (warm cache, offline)"
  json="$(mktemp)"
  BROWSE_NOW=2025-06-30T04:00:00Z hyperfine --warmup 3 --runs 30 -N --style none --export-json "$json" \
    "$b companies --offline --cache-dir $cache --format csv" \
    "$b companies --offline --cache-dir $cache -c '/台積; 1; 3'" \
    "$b ticks --offline --cache-dir $cache --format csv" \
    "$b stock 2330 --months 12 --offline --cache-dir $cache --format csv" \
    "$b stock 2330 --months 12 --offline --cache-dir $cache -c q" >/dev/null
  python3 "$here/hyperfine_table.py" "$json" "$(dirname "$browse")/" | sed "s|$cache|CACHE|g"
  echo
  echo "## Import of every file in shared/twse (into an empty cache each run)"
  hyperfine --warmup 2 --runs 20 -N --style none --export-json "$json" \
    --prepare "rm -rf $cache/import" \
    "$b import --cache-dir $cache/import $(ls "$shared"/* | tr '\n' ' ')" >/dev/null 2>&1 || true
  python3 "$here/hyperfine_table.py" "$json" "$(dirname "$browse")/" | sed "s|$shared/||g; s|$cache|CACHE|g" \
    | sed -E 's/`browse import --cache-dir CACHE\/import [^`]*`/`browse import --cache-dir CACHE every file of shared\/twse`/' 
  rm -rf "$cache" "$json"
fi
