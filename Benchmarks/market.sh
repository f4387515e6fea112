#!/usr/bin/env bash
# The day-report benchmark: `institutional --offline --format csv` (T86, TPEx insti/dailyTrade
# and BFI82U of a day) beside `ticks --offline --format csv`, and a company's 20-day `flows`
# from a warm cache, opened from `stock 2330` and from a row of `ticks`, beside the security's
# screen alone. The cache is filled first through a loopback mirror of the real files of
# shared/twse, each moved to the day or month asked (`market_mirror.py`).
#
#   Benchmarks/market.sh
#
# Needs: hyperfine, python3, ../shared/twse.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
shared="$root/../shared/twse"
command -v hyperfine >/dev/null || { echo "needs hyperfine: apt-get install hyperfine" >&2; exit 1; }
[ -d "$shared" ] || { echo "needs $shared" >&2; exit 1; }
if [ -z "${BROWSE:-}" ]; then
  BROWSE="$("$root/Scripts/release-build.sh")"
fi
cache="$(mktemp -d)"
port=$((20000 + RANDOM % 20000))
python3 "$here/market_mirror.py" "$shared" "$port" &
mirror=$!
trap 'kill $mirror 2>/dev/null; rm -rf "$cache"' EXIT
sleep 1
export BROWSE_NOW=2023-01-31T04:00:00Z
base="http://127.0.0.1:$port"
export BROWSE_TWSE_URL="$base" BROWSE_MOPS_URL="$base" BROWSE_TPEX_URL="$base" BROWSE_MOPSOV_URL="$base"
b="$BROWSE"
# Warm: the company lists, the day, twenty days of 2330's flows and the months they span; three
# requests in any five seconds, so this takes a minute.
"$b" companies --cache-dir "$cache" --market listed --format csv >/dev/null
"$b" institutional --date 2023-01-30 --cache-dir "$cache" --format csv >/dev/null
"$b" ticks --cache-dir "$cache" --format csv >/dev/null
"$b" stock 2330 --cache-dir "$cache" -c 'flows 20' >/dev/null
echo "## Day reports and a company's flows (warm cache, offline)"
json="$(mktemp)"
hyperfine --warmup 3 --runs 30 -N --style none --export-json "$json" \
  "$b institutional --date 2023-01-30 --offline --cache-dir $cache --format csv" \
  "$b ticks --offline --cache-dir $cache --format csv" \
  "$b stock 2330 --offline --cache-dir $cache -c 'flows 20'" \
  "$b ticks --offline --cache-dir $cache -c '/2330; 1; flows 20'" \
  "$b stock 2330 --offline --cache-dir $cache -c q" >/dev/null
python3 "$here/hyperfine_table.py" "$json" "$(dirname "$b")/" | sed "s|$cache|CACHE|g"
rm -f "$json"
