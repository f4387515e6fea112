#!/usr/bin/env bash
# The file-dataset benchmark: a million-row CSV opened, filtered and sorted by `browse`, each
# beside the same work done by peers in the same run. Whole-process times are hyperfine medians
# of release builds; peak memory is /usr/bin/time's maximum resident set size (median of 3).
#
#   Benchmarks/files.sh [ROWS]        # default 1000000; data goes to /tmp/ticksROWS.csv
#
# Needs: hyperfine, /usr/bin/time (apt-get install time), python3, fzf (apt-get install fzf),
# VisiData 3.x (pip install visidata==3.4). A peer that is missing is left out of the table.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
rows="${1:-1000000}"
data="/tmp/ticks${rows/000000/m}.csv"
[ "$rows" = 1000000 ] && data=/tmp/ticks1m.csv
needle="台積電"
command -v hyperfine >/dev/null || { echo "needs hyperfine: apt-get install hyperfine" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time: apt-get install time" >&2; exit 1; }

if [ ! -s "$data" ]; then
  echo "generating $data" >&2
  python3 "$root/../shared/bench/gen_ticks.py" "$rows" > "$data"
fi
# BROWSE and FILE_BENCH may name already built release binaries.
if [ -z "${BROWSE:-}" ]; then
  BROWSE="$("$root/Scripts/release-build.sh")"
fi
if [ -z "${FILE_BENCH:-}" ]; then
  # The benchmarks time the package's own renderer, queries and exporter (`@testable import`).
  (cd "$here" && swift build -c release -Xswiftc -enable-testing --product file-bench >/dev/null)
  FILE_BENCH="$here/.build/release/file-bench"
fi
browse="$BROWSE"
bench="$FILE_BENCH"
have() { command -v "$1" >/dev/null 2>&1; }

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); $(ls -l "$data" | awk '{print $5}') bytes, $rows rows"
echo

table() { # table JSON: hyperfine medians with the ratio to the first command
  python3 "$here/files_table.py" "$1" "$browse" "$data"
}

echo "## Open and print the first page"
json="$(mktemp)"
open_cmds=("$browse $data" "wc -l $data")
have python3 && open_cmds+=("python3 -c 'import csv,sys; print(len(list(csv.reader(open(sys.argv[1], newline=\"\", encoding=\"utf-8\")))))' $data")
have vd && open_cmds+=("vd -b $data -o /tmp/vd-open.tsv")
hyperfine --warmup 1 --runs 3 --style none --export-json "$json" "${open_cmds[@]}" </dev/null >/dev/null 2>&1
table "$json"
echo

echo "## --filter $needle --format csv"
filter_cmds=("$browse $data --filter $needle --format csv" "grep -F -c $needle $data")
have fzf && filter_cmds+=("fzf --filter $needle --exact < $data")
# Output goes to a pipe: GNU grep writing to /dev/null stops at the first match.
hyperfine --warmup 1 --runs 10 --output=pipe --style none --export-json "$json" "${filter_cmds[@]}" >/dev/null 2>&1
table "$json"
echo

echo "## Sort by 收盤價, descending: the first page"
sheet="$(basename "$data" .csv)"
cat > /tmp/vd-sort.vdj <<VDJ
{"sheet": "", "col": "", "row": "", "longname": "open-file", "input": "$data", "keystrokes": "o"}
{"sheet": "$sheet", "col": "收盤價", "row": "", "longname": "type-currency", "input": "", "keystrokes": "\$"}
{"sheet": "$sheet", "col": "收盤價", "row": "", "longname": "sort-desc", "input": "", "keystrokes": "]"}
VDJ
sort_cmds=("$browse $data -c 'sort 收盤價 desc'" "$browse $data --sort 收盤價:desc --format csv | head -21")
have vd && sort_cmds+=("vd -b -p /tmp/vd-sort.vdj -o /tmp/vd-sort.tsv")
hyperfine --warmup 1 --runs 3 --style none --export-json "$json" "${sort_cmds[@]}" </dev/null >/dev/null 2>&1
table "$json"
rm -f "$json"
echo

echo "## Peak memory (maximum resident set size, median of 3)"
echo "| command | peak | ratio to the file's size |"
echo "|---|---:|---:|"
size_kib=$(( $(stat -c %s "$data") / 1024 ))
peak() { # peak LABEL COMMAND...: median of three maximum RSS readings, in KiB
  local label="$1"; shift
  local values=()
  local out
  out="$(mktemp)"
  for _ in 1 2 3; do
    /usr/bin/time -f "%M" -o "$out" "$@" >/dev/null 2>&1 || true
    values+=("$(tail -1 "$out")")
  done
  rm -f "$out"
  local median
  median=$(printf '%s\n' "${values[@]}" | sort -n | sed -n 2p)
  python3 -c "import sys; k=int(sys.argv[2]); print(f'| \`{sys.argv[1]}\` | {k/1024:.1f} MiB | {k/int(sys.argv[3]):.3f} |')" "$label" "$median" "$size_kib"
}
peak "browse FILE --filter $needle --format csv" "$browse" "$data" --filter "$needle" --format csv
have fzf && peak "fzf --filter $needle --exact < FILE" sh -c "fzf --filter $needle --exact < $data"
have vd && peak "vd -b FILE -o x.tsv" vd -b "$data" -o /tmp/vd-open.tsv
echo

echo "## Inside a session, the file loaded (file-bench, in process)"
"$bench" "$data" 9
