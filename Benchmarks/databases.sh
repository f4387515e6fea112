#!/usr/bin/env bash
# Databases: every question browse pushes down to the engine, beside the engine's own shell
# running the statements browse sends, as hyperfine medians and ratios (browse ÷ peer), then
# peak memory of paging, exporting and charting beside an empty session.
#
#   Benchmarks/databases.sh [ROWS]     # ROWS 1000000 (default) or 10000000; BROWSE=… reuses a build,
#                                      # RUNS=n (hyperfine runs, after one warm-up: the first run of a 1.2 GB file reads it cold), QUESTIONS="first sort …" a subset
#
# Data: ../shared/bench/gen_ticks.py ROWS, loaded once into /tmp/ticks{1m,10m}.sqlite by
# databases_load.sh (typed columns, primary key (日期, 證券代號)). The statements are written by
# databases_sql.py from QueryCompiler (browse cannot print what it sends). PostgreSQL: when
# BROWSE opens postgres:// URLs, a private server is started (initdb + pg_ctl on port 55432,
# socket in /tmp/dbbench-pg), loaded once, timed beside psql (and VisiData from /tmp/vdpeer when
# installed), and stopped at the end.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
rows="${1:-1000000}"
label="$((rows / 1000000))m"
[ "$rows" -lt 1000000 ] && label="$((rows / 1000))k"
command -v hyperfine >/dev/null || { echo "needs hyperfine: apt-get install hyperfine" >&2; exit 1; }
command -v sqlite3 >/dev/null || { echo "needs sqlite3: apt-get install sqlite3" >&2; exit 1; }
if [ -z "${BROWSE:-}" ]; then
  BROWSE="$("$root/Scripts/release-build.sh")"
fi
work=/tmp/dbbench
mkdir -p "$work"
csv="/tmp/ticks$label.csv"
[ -s "$csv" ] || python3 "$root/../shared/bench/gen_ticks.py" "$rows" > "$csv"
db="/tmp/ticks$label.sqlite"
"$here/databases_load.sh" "$csv" "$db" >/dev/null
tiny=/tmp/ticks1k.sqlite
[ -s /tmp/ticks1k.csv ] || head -1001 "$csv" > /tmp/ticks1k.csv
"$here/databases_load.sh" /tmp/ticks1k.csv "$tiny" >/dev/null

runs="${RUNS:-$([ "$rows" -ge 10000000 ] && echo 3 || echo 5)}"
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); $rows rows; SQLite $(sqlite3 --version | cut -d' ' -f1)"
echo

read -r -a questions <<< "${QUESTIONS:-first filter where sort freq stats export}"
browse_args() { # the batch command line of each question
  # An hour's statement timeout, as the peers have none: a cold read of 10M rows can pass 30 s.
  echo "--statement-timeout 3600 $(question "$1")"
}
question() { # what the tables call each question
  case "$1" in
    first) echo "-c q" ;;
    filter) echo "-c '/台積電'" ;;
    where) echo "-c 'where 收盤價 > 900'" ;;
    sort) echo "-c 'sort 收盤價 desc'" ;;
    freq) echo "-c 'freq 市場'" ;;
    stats) echo "-c stats" ;;
    export) echo "--format csv" ;;
  esac
}
bench() { # TITLE=… bench COMMAND...
  local json
  json="$(mktemp)"
  local warmup=1 times="$runs"
  [ -n "${ONCE:-}" ] && warmup=0 times=1 # a peer that takes minutes a run
  hyperfine -N --warmup "$warmup" --runs "$times" --output=pipe --style none --export-json "$json" "$@" \
    </dev/null >/dev/null 2>&1 || { echo "| $TITLE | failed |"; rm -f "$json"; return; }
  python3 "$here/databases_table.py" "$TITLE" "$json"
  rm -f "$json"
}

echo "## SQLite ($db, $(( $(stat -c %s "$db") >> 20 )) MiB): browse ÷ sqlite3 running the same statements"
echo
echo "| question | browse | sqlite3 (ratio) | sqlite3, the page alone (ratio) |"
echo "|---|---:|---:|---:|"
for question in "${questions[@]}"; do
  python3 "$here/databases_sql.py" sqlite "$question" > "$work/sqlite-$question.sql"
  extra=()
  if [ "$question" = first ]; then
    head -1 "$work/sqlite-first.sql" > "$work/sqlite-page.sql"
    extra=("sqlite3 $db '.read $work/sqlite-page.sql'")
  fi
  TITLE="\`$(question "$question")\`" bench \
    "$BROWSE $db --table ticks $(browse_args "$question")" "sqlite3 -bail $db '.read $work/sqlite-$question.sql'" "${extra[@]}"
done
echo

# What an owner would add for the sort: an index in the sort's order. Measured on a copy at
# 1M rows only (building it at 10M is minutes of the shared machine).
if [ "$rows" -le 1000000 ]; then
  indexed="$work/ticks-indexed.sqlite"
  if [ ! -s "$indexed" ]; then
    cp "$db" "$indexed.part"
    sqlite3 "$indexed.part" 'CREATE INDEX ticks_close ON ticks (收盤價 DESC, 日期, 證券代號); ANALYZE;'
    mv "$indexed.part" "$indexed"
  fi
  echo "### sort 收盤價 desc with an index on (收盤價 DESC, 日期, 證券代號)"
  echo
  echo "Plan of the page browse sends: $(sqlite3 "$indexed" "EXPLAIN QUERY PLAN $(python3 "$here/databases_sql.py" sqlite sort | tail -1)" | tr '\n' ' ')"
  echo
  echo "| question | browse | sqlite3 (ratio) |"
  echo "|---|---:|---:|"
  TITLE="\`-c 'sort 收盤價 desc'\`, indexed" bench \
    "$BROWSE $indexed --table ticks -c 'sort 收盤價 desc'" "sqlite3 $indexed '.read $work/sqlite-sort.sql'"
  echo
fi

peak() { # peak COMMAND... → KiB
  local out
  out="$(mktemp)"
  /usr/bin/time -f "%M" -o "$out" "$@" >/dev/null 2>&1 </dev/null || true
  tail -1 "$out"
  rm -f "$out"
}
echo "### Peak memory (maximum resident set), SQLite, $rows rows"
echo
empty=$(peak "$BROWSE" "$tiny" --table ticks -c q)
echo "| command | peak | over the empty session |"
echo "|---|---:|---:|"
echo "| \`browse TINY --table ticks -c q\` (1,000 rows: the empty session) | $((empty / 1024)) MiB | — |"
for args in "-c 'n; n; G'" "--format csv" "-c 'chart 收盤價'"; do
  eval "set -- $args"
  kib=$(peak "$BROWSE" "$db" --table ticks "$@")
  echo "| \`browse DB --table ticks $args\` | $((kib / 1024)) MiB | $(((kib - empty) / 1024)) MiB |"
done
echo

# PostgreSQL, when this browse opens postgres:// (the opening is on its own branch until merged).
port=55432 pgdir=/tmp/dbbench-pg pgbin=/usr/lib/postgresql/15/bin
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
# A browse without the opening reads the URL as a dataset's name and says "no dataset".
probe="$("$BROWSE" 'postgresql://nobody@127.0.0.1:1/none' -c q 2>&1 || true)"
if [[ "$probe" == *"no dataset"* ]]; then
  echo "PostgreSQL: skipped ($BROWSE does not open postgres:// URLs)"
  echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
  exit 0
fi
mkdir -p "$pgdir" && chown postgres "$pgdir" 2>/dev/null || true
[ -s "$pgdir/data/PG_VERSION" ] || as_pg "$pgbin/initdb" -D "$pgdir/data" -A trust -U postgres >/dev/null
# A server left running (by an earlier run, or loading the data beforehand) is used and left so.
if ! as_pg "$pgbin/pg_ctl" -D "$pgdir/data" status >/dev/null 2>&1; then
  as_pg "$pgbin/pg_ctl" -D "$pgdir/data" -l "$pgdir/log" -w \
    -o "-p $port -k $pgdir -c listen_addresses='127.0.0.1'" start >/dev/null
  trap 'as_pg "$pgbin/pg_ctl" -D "$pgdir/data" -m fast -w stop >/dev/null' EXIT
fi
psql=(psql -X -q -h "$pgdir" -p "$port" -U postgres)
name="ticks$label"
if [ "$("${psql[@]}" -tAc "SELECT 1 FROM pg_database WHERE datname = '$name'")" != 1 ]; then
  "${psql[@]}" -c "DROP DATABASE IF EXISTS ${name}_part" -c "CREATE DATABASE ${name}_part"
  num() { echo "CAST(nullif(replace(replace(trim($1), ',', ''), '+', ''), '--') AS $2)"; }
  "${psql[@]}" -d "${name}_part" <<SQL
CREATE UNLOGGED TABLE raw (日期 text, 證券代號 text, 證券名稱 text, 市場 text, 成交股數 text, 成交金額 text,
  開盤價 text, 最高價 text, 最低價 text, 收盤價 text, 漲跌價差 text, 成交筆數 text);
\\copy raw FROM '$csv' WITH (FORMAT csv, HEADER)
CREATE TABLE ticks (
  日期 date NOT NULL, 證券代號 text NOT NULL, 證券名稱 text, 市場 text,
  成交股數 bigint, 成交金額 bigint, 開盤價 numeric(12,2), 最高價 numeric(12,2), 最低價 numeric(12,2),
  收盤價 numeric(12,2), 漲跌價差 numeric(12,2), 成交筆數 bigint, PRIMARY KEY (日期, 證券代號));
INSERT INTO ticks SELECT to_date(日期, 'YYYY/MM/DD'), 證券代號, 證券名稱, 市場,
  $(num 成交股數 bigint), $(num 成交金額 bigint), $(num 開盤價 numeric), $(num 最高價 numeric),
  $(num 最低價 numeric), $(num 收盤價 numeric), $(num 漲跌價差 numeric), $(num 成交筆數 bigint) FROM raw;
DROP TABLE raw;
VACUUM ANALYZE ticks;
SQL
  "${psql[@]}" -c "ALTER DATABASE ${name}_part RENAME TO $name"
fi
url="postgresql://postgres@localhost:$port/$name?host=$pgdir"
echo "## PostgreSQL 15 ($name): browse ÷ psql running the same statements"
echo
echo "| question | browse | psql (ratio) |"
echo "|---|---:|---:|"
for question in "${questions[@]}"; do
  python3 "$here/databases_sql.py" postgres "$question" > "$work/pg-$question.sql"
  TITLE="\`$(question "$question")\`" bench \
    "$BROWSE $url --table public.ticks $(browse_args "$question")" \
    "psql -X -q -v ON_ERROR_STOP=1 -h $pgdir -p $port -U postgres -d $name -o /dev/null -f $work/pg-$question.sql"
done
if [ -x /tmp/vdpeer/bin/vd ] && [ "$rows" -gt 1000000 ]; then
  echo
  echo "VisiData: measured at 1,000,000 rows only (it holds every row as Python objects)."
elif [ -x /tmp/vdpeer/bin/vd ]; then
  echo
  echo "VisiData's PostgreSQL loader (every row to the client), CSV export, one run each:"
  # VisiData opens a URL as its list of tables (over TCP, with a password even when none is
  # checked); a replay opens the first and saves it.
  cat > "$work/vd-export.vdj" <<VDJ
#!vd -p
{"sheet": "${name}_tables", "col": "", "row": 0, "longname": "open-row", "input": "", "keystrokes": "Enter"}
{"sheet": "", "col": "", "row": "", "longname": "save-sheet", "input": "$work/vd.csv", "keystrokes": "^S"}
VDJ
  echo
  echo "| question | browse | VisiData (ratio) |"
  echo "|---|---:|---:|"
  TITLE="\`--format csv\` vs VisiData opening the table and saving it as CSV" ONCE=1 bench \
    "$BROWSE $url --table public.ticks --format csv" \
    "/tmp/vdpeer/bin/vd -b --overwrite y -p $work/vd-export.vdj postgresql://postgres:none@127.0.0.1:$port/$name"
fi
echo
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
