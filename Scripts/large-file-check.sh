#!/usr/bin/env bash
# A file over 4 GiB through the release binary: written here by repeating a block of rows between
# a distinct first and last row, opened, filtered and sorted, then removed. The row index keeps
# four bytes a row, so offsets past 4 GiB are the case worth checking end to end; a debug build
# scans 5 GiB too slowly to do it in `swift test`.
#
#   Scripts/large-file-check.sh [GIB]     # default 5; BROWSE=path reuses a release build
#
# Needs GIB+1 GiB free under ${TMPDIR:-/tmp}. Exits non-zero on the first wrong answer.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
gib="${1:-5}"
if [ -z "${BROWSE:-}" ]; then
  BROWSE="$("$root/Scripts/release-build.sh")"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
file="$work/big.csv"

# A month of three companies, each row with a kilobyte of note: 5 GiB is about 5.4 million rows.
note="$(printf '本日無特殊事項，%.0s' $(seq 40))"
for day in $(seq -w 1 28); do
  for company in "1101,台泥" "2330,台積電" "2317,鴻海"; do
    printf '2024-02-%s,%s,"1,234.50",12.5,%s\n' "$day" "$company" "$note"
  done
done > "$work/block"
block_size=$(stat -c %s "$work/block")
cp "$work/block" "$work/chunk"
while [ "$(stat -c %s "$work/chunk")" -lt $((4 << 20)) ]; do
  cat "$work/chunk" "$work/chunk" > "$work/chunk2" && mv "$work/chunk2" "$work/chunk"
done
chunk_blocks=$(( $(stat -c %s "$work/chunk") / block_size ))
header=$'日期,代號,名稱,收盤價,漲跌,備註\n2024-01-01,0000,第一列,"1.00",0,首\n'
last='2024-12-31,9999,最後一列,"99,999.00",1,末'
target=$((gib << 30))
chunks=$(( target / (chunk_blocks * block_size) + 1 ))
start=$(date +%s.%N)
{
  printf '%s' "$header"
  for _ in $(seq "$chunks"); do cat "$work/chunk"; done
  printf '%s\n' "$last"
} > "$file"
size=$(stat -c %s "$file")
rows=$(( 1 + chunks * chunk_blocks * 84 + 1 ))
printf 'wrote %s bytes (%.1f GiB), %s rows, in %.1f s\n' "$size" "$(echo "$size / 1073741824" | bc -l)" "$rows" \
  "$(echo "$(date +%s.%N) - $start" | bc -l)"
[ "$size" -gt $((4 << 30)) ] || { echo "the file is not over 4 GiB" >&2; exit 1; }

check() { # check NAME EXPECTED ACTUAL
  if [ "$2" != "$3" ]; then
    printf '%s: expected\n%s\ngot\n%s\n' "$1" "$2" "$3" >&2
    exit 1
  fi
  echo "ok: $1"
}
timed() { # timed COMMAND...: runs it, printing its wall time on stderr
  local begin end
  begin=$(date +%s.%N)
  "$@"
  end=$(date +%s.%N)
  printf '  (%.2f s: %s)\n' "$(echo "$end - $begin" | bc -l)" "${*:2}" >&2
}
grouped=$(sed ':a;s/\B[0-9]\{3\}\>/,&/;ta' <<<"$rows")
first_page="$(timed "$BROWSE" "$file" -c q)"
check "the first page counts every row" "1" "$(grep -c "rows 1–20 of $grouped" <<<"$first_page")"
check "the first row is the file's first" "1" "$(grep -c '第一列' <<<"$first_page")"
check "a filter finds the last row, past 4 GiB" "日期,代號,名稱,收盤價,漲跌,備註
$last" "$(timed "$BROWSE" "$file" --filter 最後一列 --format csv)"
sorted="$(timed "$BROWSE" "$file" -c 'sort 收盤價 desc')"
check "a sort puts the last row first" "最後一列" "$(sed -n '/^> sort/,$p' <<<"$sorted" | grep -m1 -o -E '最後一列|台泥|台積電|鴻海|第一列')"
check "the last page ends with the last row" "1" \
  "$(timed "$BROWSE" "$file" -c "g $(( (rows + 19) / 20 ))" | grep -c '最後一列')"
