#!/usr/bin/env bash
# Reruns the cheap rows of Documentation/Reliability.md through the release binary: each row's
# reproduction, its exit status and the words it quotes. The test suite runs a debug build; this
# is where a fault of the optimized build shows (a download that ended a release build with
# SIGSEGV passed every test). Needs python3 for the loopback server and the generated files.
#
#   Scripts/check-reliability-rows.sh      # BROWSE=path reuses a build
#
# Prints one line per row and exits non-zero when any row does not show what it says.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ -z "${BROWSE:-}" ]; then
  BROWSE="$("$root/Scripts/release-build.sh")" || exit 1
fi
B="$(realpath "$BROWSE")"
[ -x "$B" ] || { echo "no browse binary at $BROWSE" >&2; exit 1; }
work="$(mktemp -d)"
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; fi
  rm -rf "$work"
}
trap cleanup EXIT
cd "$work" || exit 1
mkdir -m 700 home config run
export HOME="$work/home" XDG_CONFIG_HOME="$work/config" XDG_RUNTIME_DIR="$work/run" LANG=C.UTF-8 B
unset TERM COLUMNS BROWSE_HISTORY

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 "$root/Scripts/faulty-http-server.py" "$port" >/dev/null 2>&1 &
server=$!
for _ in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.1; done
export S="http://127.0.0.1:$port"

failed=0
checked=0
# contains FILE TEXT: whether FILE holds TEXT, line breaks and all.
contains() {
  python3 -c 'import sys; sys.exit(0 if sys.argv[2] in open(sys.argv[1], errors="replace").read() else 1)' "$1" "$2"
}
# check ROW STATUS STDERR STDOUT COMMAND: runs COMMAND in bash (with $B the binary, $S the
# server), and expects its exit status, STDERR and STDOUT within what it printed ("" checks
# nothing; for STDERR, "" expects no "browse:" line at all and "-" accepts any).
check() {
  local row=$1 status=$2 err=$3 out=$4 command=$5
  checked=$((checked + 1))
  # A subshell of its own, so that the shell does not report a signal the command ended with.
  (timeout 60 bash -c "$command" >"$work/out" 2>"$work/err" </dev/null) 2>/dev/null
  local got=$?
  local problem=""
  [ "$got" = "$status" ] || problem="exit $got, not $status"
  if [ "$err" = "-" ]; then
    :
  elif [ -z "$err" ]; then
    grep -q '^browse:' "$work/err" && problem="${problem:+$problem; }a message: $(head -c 300 "$work/err" | tr '\n' ' ')"
  elif ! contains "$work/err" "$err"; then
    problem="${problem:+$problem; }stderr lacks \"$err\": $(head -c 300 "$work/err" | tr '\n' ' ')"
  fi
  if [ -n "$out" ] && ! contains "$work/out" "$out"; then
    problem="${problem:+$problem; }stdout lacks \"$out\": $(head -c 200 "$work/out" | tr '\n' ' ')"
  fi
  if [ -z "$problem" ]; then
    echo "ok: $row"
  else
    echo "FAIL: $row: $problem"
    failed=$((failed + 1))
  fi
}

# Files.
: >empty.csv
printf 'a,b\n1,\0\1\2\n' >binary.csv
printf 'name,city\nx,\xe5\x8f' >truncated.csv
python3 -c "import sys; sys.stdout.write('x' * 10000000 + '\n')" >long-line.csv
printf 'a,b\n1,2\n3,"never closed\n' >unterminated.csv
python3 -c "n = 100000; print(','.join('c%d' % i for i in range(n))); print(','.join(map(str, range(n))))" >wide.csv
printf 'name,name,,x\n1,2,3,4\n' >duplicate.csv
printf 'a,b\n1,2,3\n4\n5,6\n' >ragged.csv
printf '\xa5\x78\xbf\x6e,a\n\xa5\x78,1\n' >big5.csv
mkdir folder
check "empty file" 1 "it is empty: there is nothing to show" "" '$B empty.csv'
check "binary file" 1 "it is not text (a NUL byte at byte offset 6); CSV, TSV and JSON files can be opened" "" \
  '$B binary.csv'
check "truncated UTF-8" 1 "the UTF-8 text ends inside a character that starts at byte offset 12" "" '$B truncated.csv'
check "10 MB single line" 0 "" "xxxxxxxxxx" '$B long-line.csv --format csv'
check "unterminated quote" 0 "line 3: a quoted field is never closed" "a,b" '$B unterminated.csv --format csv'
check "100 000 columns" 1 "its first row has 100000 fields; at most 5000 columns can be shown" "" '$B wide.csv'
check "duplicate and empty header names" 0 "" "name,name,,x" '$B duplicate.csv --format csv'
check "ragged rows" 0 "line 2 has 3 fields, not 2; line 3 has 1 field, not 2" "5,6" '$B ragged.csv --format csv'
check "Big5 without --encoding" 1 "for a Big5 file add --encoding big5" "" '$B big5.csv'
check "Big5 with --encoding big5" 0 "" "台積,a" '$B big5.csv --encoding big5 --format csv'
check "missing file" 2 "nosuch.csv: no such file" "" '$B nosuch.csv'
check "a folder" 1 "it is a folder" "" '$B folder'
check "--delimiter nonsense" 2 "--delimiter nonsense" "" '$B empty.csv --delimiter nonsense'

# Commands.
check "huge row number" 1 "there is no row 9223372036854775807: choose 1–6" "" \
  'echo 99999999999999999999 | $B films'
check "huge page" 1 "there is no page that large: there is only page 1" "" 'echo "g 99999999999999999999" | $B films'
check "negative row" 1 '"-5" is not a row: row numbers start at 1' "" 'echo -5 | $B films'
check "full-width digits" 0 "" "films › Star Wars: The Empire Strikes Back" 'echo ２ | $B films'
check "a 1 MB line" 1 "a line of 1048576 bytes is too long (the limit is 65536); nothing was run" "" \
  'python3 -c "print(\"y\" * (1 << 20))" | $B films'
check "an empty line" 0 "" "" 'printf "\n" | $B films'
check "export xls" 1 'unknown export format "xls"; use csv, tsv, json or markdown' "" 'echo "export xls" | $B films'
check "export under a file" 1 "could not write /dev/null/x.csv: /dev/null is a file, not a folder; nothing was written" \
  "" 'echo "export csv /dev/null/x.csv" | $B films'
check "open nosuch" 1 'no dataset, file or URL named "nosuch"' "" 'echo "open nosuch" | $B films'
check "--width 5" 2 "--width 5: give a width from 20 to 10000 columns" "" '$B --width 5'

# Input size, environment.
check "/dev/zero" 1 "could not load zero: /dev/zero: stopped reading at 16 MiB, the most read into memory" "" \
  '$B /dev/zero --max-input 16M --format csv'
check "yes |" 1 "could not load stdin: standard input: stopped reading at 8 MiB" "" \
  'yes | $B - --max-input 8M --format csv'
check "import /dev/zero" 1 "not imported /dev/zero: stopped reading at 1 MiB, the most read into memory" "" \
  '$B import /dev/zero --max-input 1M'
check "--max-input 0" 2 "give a size from 1 KiB to 4 GiB, such as 500M or 2G" "" '$B - --max-input 0'
check "stdout is /dev/full" 1 "could not write the output: no space left on device" "" \
  '$B films --format csv > /dev/full'
check "export csv /dev/full" 1 "could not write /dev/full: no space left on device; nothing was written" "" \
  '$B films -c "export csv /dev/full"'

# Downloads from the loopback server (Scripts/faulty-http-server.py).
check "a URL is fetched" 0 "" "2330,1045.00" '$B "$S/ok.csv" --format csv --cache-dir cache'
check "a redirect loop, then another URL" 1 "127.0.0.1 sent too many redirects (a redirect loop?)" \
  "datasets › ok.csv" '$B -c "open $S/loop.csv; open $S/ok.csv" --cache-dir cache'
check "an HTTP/0.9 reply" 1 "sent a bad response: it did not begin with an HTTP status line" "" \
  '$B "$S/old.csv" --format csv --cache-dir cache'
check "two Content-Lengths" 1 "it announced two different lengths (Content-Length: 24, 11)" "" \
  '$B "$S/two-lengths.csv" --format csv --cache-dir cache'
check "HTTP:// in capitals" 0 "" "2330,1045.00" \
  '$B "HTTP://127.0.0.1:'"$port"'/ok.csv" --format csv --cache-dir cache'
check "a password in an error" 1 "http://ann:***@127.0.0.1:$port/missing.csv: 127.0.0.1 answered HTTP 404" "" \
  '$B "http://ann:s3cret@127.0.0.1:'"$port"'/missing.csv" --format csv --cache-dir cache'
check "a redirect to a password" 1 "redirected to http://ann:***@example.com/x.csv, which is not followed" "" \
  '$B "$S/away.csv" --format csv --cache-dir cache'
check "plain http to 127.evil.example" 1 "refusing plain http to 127.evil.example" "" \
  '$B http://127.evil.example/x.csv --format csv --cache-dir cache'
check "plain http to 127.1" 1 "refusing plain http to 127.1" "" '$B http://127.1/x.csv --format csv --cache-dir cache'

# Shapes of files.
python3 -c "print('[' * 10**6 + ']' * 10**6)" >deep.json
ln -s loop-b.csv loop-a.csv
ln -s loop-a.csv loop-b.csv
ln -s nowhere.csv dangling.csv
printf 'a,b\n1,2\n' | iconv -t UTF-16 >utf16.csv
echo '[{"a":true},{"a":null},{"a":false}]' >flags.json
echo '[{"":1},{"":2}]' >unnamed.json
echo '[[1,2],[3,4]]' >pairs.json
printf '[1]\n[2]\n' >arrays.jsonl
echo '{"a":1}' >object.json
printf '\r\n' >crlf.csv
check "a million nested arrays" 1 "line 1: nested deeper than 512 levels; tables are read here, not trees" "" \
  '$B deep.json --format csv'
check "a loop of links" 1 "it is a symbolic link that leads back to itself (a loop of links)" "" '$B loop-a.csv'
check "a link to nowhere" 1 'it is a symbolic link to "nowhere.csv", which does not exist' "" '$B dangling.csv'
check "UTF-16" 1 "it is UTF-16 text, not UTF-8; convert it first" "" '$B utf16.csv'
check "one column with null" 0 "" $'a\ntrue\n""\nfalse' '$B flags.json --format csv'
check "an unnamed JSON key" 0 "" $'""\n1\n2' '$B unnamed.json --format csv'
check "an array of arrays" 1 "it is a JSON array of 2 arrays, not of objects" "" '$B pairs.json'
check "JSON Lines of arrays" 1 "no line is a JSON object" "" '$B arrays.jsonl'
check "an object holding no table" 1 "it is a JSON object holding no table (its keys: a)" "" '$B object.json'
check "an empty CSV answer" 1 "it is empty: there is nothing to show" "" '$B crlf.csv'
check "an exchange's no-data answer" 1 "it holds no data: the exchange answered" "" \
  '$B "'"$root"'/Tests/BrowseTests/Fixtures/exchange/no_data_sorry.json"'
check "/proc/self/status" 0 - "Name:,browse" '$B /proc/self/status --format csv'

# Special files, queries.
mkfifo nobody-reads
echo x >real.csv
ln -s real.csv chain0.csv
for i in $(seq 45); do ln -s "chain$((i - 1)).csv" "chain$i.csv"; done
check "export into a FIFO nobody reads" 1 "it is a FIFO (a named pipe) that no program is reading" "" \
  '$B people -c "export csv nobody-reads"'
check "an export through 45 links" 1 "could not write chain45.csv: too many levels of symbolic links" "" \
  '$B people -c "export csv chain45.csv"'
check "where born > 1.95e3" 0 "" "Mark Hamill" '$B people --where "born > 1.95e3" --format csv'
check "where born > 1e99" 2 "1e99 is too large, or has more than 12 decimals, to compare exactly" "" \
  '$B people --where "born > 1e99" --format csv'

# Manifests.
mkdir manifests
printf 'a,b\n1,2\n' >orders.csv
printf '{"id":"typo","title":"T",\n  "sorce":"../orders.csv"}\n' >manifests/typo.json
echo '{"id":"pw","title":"P","source":{"url":"file:///etc/passwd"}}' >manifests/pw.json
echo '{"id":"older","title":"O","source":"../orders.csv"}' >manifests/older.json
mkfifo manifests/fifo.json
mkdir manifests/folder.json
check "an unknown key" 0 'typo.json:2:3: `sorce` is not a key here; did you mean `source`?' "" \
  '$B --datasets manifests --list'
check "a file:// source URL" 0 '`source.url` must be an http(s) URL, not "file:///etc/passwd"' "" \
  '$B --datasets manifests --list'
check "an id that is a screen's command" 0 '`id` "older" is a command of a screen; choose another id' "" \
  '$B --datasets manifests --list'
check "a FIFO in the manifest folder" 0 "fifo.json: is a FIFO (a named pipe), not a manifest" "" \
  '$B --datasets manifests --list'
check "a folder in the manifest folder" 0 "folder.json: is a folder, not a manifest" "" \
  '$B --datasets manifests --list'

# A start without libcurl: /dev/null mounted over its files in a mount namespace of the run's
# own. Needs root (or the right to make namespaces); skipped where that is not allowed.
cat >nocurl.sh <<'NOCURL'
for f in /usr/lib/*/libcurl.so.4 /usr/lib/*/libcurl-gnutls.so.4; do [ -e "$f" ] && mount --bind /dev/null "$f"; done
exec "$@"
NOCURL
if unshare --mount --propagation private sh nocurl.sh true 2>/dev/null; then
  check "libcurl missing, a run that does not download" 0 "" "Star Wars" \
    'unshare --mount --propagation private sh nocurl.sh "$B" films --format csv'
  check "libcurl missing, a download" 1 "the HTTP library libcurl could not be loaded" "" \
    'unshare --mount --propagation private sh nocurl.sh "$B" "$S/x.csv" -c q'
else
  echo "skipped: the libcurl rows (no mount namespace allowed here)"
fi

echo "$((checked - failed)) of $checked rows show what Reliability.md says"
[ "$failed" -eq 0 ]
