#!/usr/bin/env bash
# Any size at once: the first page at a terminal, whole-file exports, a sort, `where`, `freq`
# and `stats`, at 1M and 10M rows, each beside peers doing the same work in the same run, as
# medians of rounds in which the commands take turns (rounds.py), with the ratio to browse of
# the wall clock and of the CPU time. Ends with peak memory at 1M and 10M rows.
#
#   Benchmarks/scale.sh            # BROWSE=… reuses a release build; PEERS=dir holds duckdb and vd
#
# Needs: /usr/bin/time, python3, less; peers when present: DuckDB's CLI (pip install
# duckdb-cli), Miller (apt-get install miller), VisiData (pip install visidata==3.4). Data:
# /tmp/ticks1m.csv and /tmp/ticks10m.csv (made with ../shared/bench/gen_ticks.py when missing).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
[ -n "${PEERS:-}" ] && export PATH="$PEERS:$PATH"
if [ -z "${BROWSE:-}" ]; then
  BROWSE="$("$root/Scripts/release-build.sh")"
fi
have() { command -v "$1" >/dev/null 2>&1; }
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
have duckdb && echo "peer: DuckDB $(duckdb --version | cut -d' ' -f1)"
have mlr && echo "peer: $(mlr --version)"
have vd && echo "peer: VisiData $(vd --version 2>/dev/null | head -1)"
echo

# The column a sort or `where` reads holds thousands separators: every peer is told to read it
# as a number, as browse does by itself.
# A value that is not a number ("--") is missing: last in a sort, never over 500.
price="TRY_CAST(replace(CAST(收盤價 AS VARCHAR), ',', '') AS DOUBLE)"
mlr_price='float(gsub(string($收盤價), ",", ""))'

table() { python3 "$here/files_table.py" "$1" "$BROWSE" "$2"; }

bench() { # bench TITLE DATA RUNS COMMAND...
  local title="$1" data="$2" runs="$3"; shift 3
  local json
  json="$(mktemp)"
  echo "### $title"
  # Every run starts with the file in the page cache: a machine that reclaims cold pages
  # (DAMON here) evicted the 10M-row file during a long peer run, and a run after it read the
  # disk.
  # The commands take turns, round after round (rounds.py): timed one after another, each took
  # the machine's speed of its own minutes, and a ratio moved by a third between runs.
  # Miller, 5 to 40 times slower than the rest, is timed once.
  python3 "$here/rounds.py" --runs "$runs" $([ "$runs" -gt 3 ] && echo --warmup) --once "mlr " \
    --prepare "cat '$data' >/dev/null" --export-json "$json" "$@" </dev/null >/dev/null 2>&1
  table "$json" "$data"
  rm -f "$json"
  echo
}

for rows in 1m 10m; do
  data="/tmp/ticks$rows.csv"
  if [ ! -s "$data" ]; then
    python3 "$root/../shared/bench/gen_ticks.py" "${rows%m}000000" > "$data"
  fi
  runs=5
  [ "$rows" = 10m ] && runs=3
  echo "## $rows rows ($(stat -c %s "$data") bytes)"
  echo

  echo "### First page at a terminal (100x30 pseudo-terminal, median of 5, ms until the first row shows)"
  echo "| command | ms | ratio to browse |"
  echo "|---|---:|---:|"
  cat "$data" >/dev/null
  first=$(python3 "$here/first_page.py" 5 "台泥" "$BROWSE" "$data")
  echo "| \`browse FILE\` | $first | 1.00 |"
  ms=$(python3 "$here/first_page.py" 5 "台泥" less "$data")
  echo "| \`less FILE\` | $ms | $(python3 -c "print(f'{$ms/$first:.2f}')") |"
  if have vd; then
    ms=$(python3 "$here/first_page.py" 1 "台泥" vd "$data")
    echo "| \`vd FILE\` (one run) | $ms | $(python3 -c "print(f'{$ms/$first:.2f}')") |"
  fi
  echo

  formats=(csv json)
  [ "$rows" = 1m ] && formats=(csv tsv json markdown)
  for format in "${formats[@]}"; do
    commands=("$BROWSE $data --format $format")
    case "$format" in
      csv) duck="(FORMAT csv)"; miller="--ocsv" ;;
      tsv) duck="(FORMAT csv, DELIMITER '\t')"; miller="--otsv" ;;
      json) duck="(FORMAT json, ARRAY true)"; miller="--ojson" ;;
      markdown) duck=""; miller="--omd" ;;
    esac
    if have duckdb; then
      if [ -n "$duck" ]; then
        commands+=("duckdb -c \"COPY (SELECT * FROM read_csv('$data')) TO '/dev/stdout' $duck\"")
      else
        commands+=("duckdb -markdown -c \"SELECT * FROM read_csv('$data')\"")
      fi
    fi
    have mlr && commands+=("mlr --icsv $miller cat $data")
    bench "The whole file as $format" "$data" "$runs" "${commands[@]}"
  done

  commands=("$BROWSE $data -c 'sort 收盤價 desc'")
  have duckdb && commands+=("duckdb -c \"SELECT * FROM read_csv('$data') ORDER BY $price DESC LIMIT 20\"")
  # Miller holds every record to sort them: at 10M rows it filled this machine's 24 GB and swapped.
  [ "$rows" = 1m ] && have mlr &&
    commands+=("mlr --icsv --opprint put '\$k = $mlr_price; if (is_error(\$k)) {\$k = -1}' then sort -nr k then head -n 20 $data")
  bench "Sort by 收盤價, descending: the first page" "$data" "$runs" "${commands[@]}"

  commands=("$BROWSE $data --where '收盤價 > 500' --format csv")
  have duckdb && commands+=("duckdb -c \"COPY (SELECT * FROM read_csv('$data') WHERE $price > 500) TO '/dev/stdout' (FORMAT csv)\"")
  have mlr && commands+=("mlr --icsv --ocsv filter '$mlr_price > 500' $data")
  bench "where 收盤價 > 500, as csv" "$data" "$runs" "${commands[@]}"

  commands=("$BROWSE $data --sort 收盤價:desc --format csv")
  have duckdb && commands+=("duckdb -c \"COPY (SELECT * FROM read_csv('$data') ORDER BY $price DESC NULLS LAST) TO '/dev/stdout' (FORMAT csv)\"")
  bench "Sort by 收盤價, descending, as csv" "$data" "$runs" "${commands[@]}"

  # A text column of three values, a number column of many, and one whose values are nearly all
  # different (成交股數: 0.73 distinct values per row at 1M rows): the count table of each.
  for column in 市場 收盤價 成交股數; do
    commands=("$BROWSE $data -c 'freq $column'")
    have duckdb && commands+=("duckdb -c \"SELECT $column, count(*) AS n FROM read_csv('$data') GROUP BY 1 ORDER BY n DESC LIMIT 20\"")
    have mlr && [ "$rows" = 1m ] &&
      commands+=("mlr --icsv --opprint count-distinct -f $column then sort -nr count then head -n 20 $data")
    bench "freq $column: distinct values by count" "$data" "$runs" "${commands[@]}"
  done

  commands=("$BROWSE $data -c stats")
  have duckdb && commands+=("duckdb -c \"SUMMARIZE SELECT * FROM read_csv('$data')\"")
  have mlr && commands+=("mlr --icsv --opprint summary $data")
  bench "stats: one row per column" "$data" "$runs" "${commands[@]}"

  # In batch, `-c chart` prints the first page and then the chart of every row of the view.
  bench "chart 收盤價 over every row (whole process)" "$data" "$runs" "$BROWSE $data -c 'chart 收盤價'"
done

peak() { # peak FILE LABEL COMMAND...
  local size_kib=$(( $(stat -c %s "$1") / 1024 )) label="$2" out
  cat "$1" >/dev/null
  shift 2
  out="$(mktemp)"
  /usr/bin/time -f "%M" -o "$out" "$@" >/dev/null 2>&1 || true
  python3 -c "import sys; k=int(sys.argv[2]); print(f'| \`{sys.argv[1]}\` | {k/1024:.1f} MiB | {k/int(sys.argv[3]):.3f} |')" \
    "$label" "$(tail -1 "$out")" "$size_kib"
  rm -f "$out"
}

echo "## Peak memory at 1M rows (maximum resident set size; the file is $(( $(stat -c %s /tmp/ticks1m.csv) >> 20 )) MiB)"
echo "| command | peak | ratio to the file's size |"
echo "|---|---:|---:|"
peak /tmp/ticks1m.csv "browse FILE --where '收盤價 > 500' --format csv" "$BROWSE" /tmp/ticks1m.csv --where '收盤價 > 500' --format csv
peak /tmp/ticks1m.csv "browse FILE -c stats" "$BROWSE" /tmp/ticks1m.csv -c stats
echo

echo "## Peak memory at 10M rows (maximum resident set size; the file is $(( $(stat -c %s /tmp/ticks10m.csv) >> 20 )) MiB)"
echo "| command | peak | ratio to the file's size |"
echo "|---|---:|---:|"
peak /tmp/ticks10m.csv "browse FILE -c 'sort 收盤價 desc'" "$BROWSE" /tmp/ticks10m.csv -c "sort 收盤價 desc"
peak /tmp/ticks10m.csv "browse FILE --format json" "$BROWSE" /tmp/ticks10m.csv --format json
peak /tmp/ticks10m.csv "browse FILE --where '收盤價 > 500' --format csv" "$BROWSE" /tmp/ticks10m.csv --where '收盤價 > 500' --format csv
peak /tmp/ticks10m.csv "browse FILE -c stats" "$BROWSE" /tmp/ticks10m.csv -c stats
# Questions that read rows all over the file: each value's first row, a filter's rows.
peak /tmp/ticks10m.csv "browse FILE -c 'freq 收盤價'" "$BROWSE" /tmp/ticks10m.csv -c "freq 收盤價"
peak /tmp/ticks10m.csv "browse FILE -c '/台積電; sort 收盤價'" "$BROWSE" /tmp/ticks10m.csv -c "/台積電; sort 收盤價"
have duckdb && peak /tmp/ticks10m.csv "duckdb … ORDER BY 收盤價 DESC LIMIT 20" duckdb -c "SELECT * FROM read_csv('/tmp/ticks10m.csv') ORDER BY $price DESC LIMIT 20"
