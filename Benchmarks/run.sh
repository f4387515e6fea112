#!/usr/bin/env bash
# Runs the framework benchmarks from the repository root's Benchmarks/ folder:
#   1. rendering one page at 10 thousand, 1 million and 10 million items (browse-bench);
#   2. the whole process of `browse films --format csv` (hyperfine, release build).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
command -v hyperfine >/dev/null || { echo "needs hyperfine: apt-get install hyperfine" >&2; exit 1; }

(cd "$root" && swift build -c release --product browse >/dev/null)
(cd "$here" && swift build -c release >/dev/null)

echo "## Page rendering"
"$here/.build/release/browse-bench"

echo
echo "## Whole process"
json="$(mktemp)"
hyperfine --warmup 5 --runs 50 -N --style none --export-json "$json" \
  "$root/.build/release/browse films --format csv" \
  "$root/.build/release/browse people --filter ford --format json" >/dev/null
python3 "$here/hyperfine_table.py" "$json"
rm -f "$json"
