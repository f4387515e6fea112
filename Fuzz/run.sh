#!/usr/bin/env bash
# Builds one libFuzzer target outside the SwiftPM graph and runs it.
#
#   Fuzz/run.sh TARGET SECONDS [extra libFuzzer flags]
#   Fuzz/run.sh list
#
# Each module the target needs is compiled into a static library with
# -sanitize=fuzzer,address (coverage + AddressSanitizer), then the target in Fuzz/Targets is
# linked against them. Seeds come from Fuzz/Seeds, the test fixtures and ../shared when present.
# Findings land in Fuzz/findings/TARGET; the working corpus in Fuzz/corpus-work/TARGET.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
build="$here/build"
mkdir -p "$build"

declare -A deps=(
  [BrowseSupport]=""
  [ListKit]="BrowseSupport"
  [Tabular]="BrowseSupport"
  [ListKitNetworking]="BrowseSupport"
  [TWStock]="BrowseSupport ListKit Tabular ListKitNetworking"
  [LineMode]="BrowseSupport ListKit"
  [FileDatasets]="BrowseSupport ListKit Tabular ListKitNetworking"
)
declare -A targets=(
  [csv]="BrowseSupport Tabular"
  [json]="BrowseSupport Tabular"
  [twse]="BrowseSupport ListKit Tabular ListKitNetworking TWStock"
  [quote]="BrowseSupport ListKit Tabular ListKitNetworking TWStock"
  [commands]="BrowseSupport ListKit LineMode"
  [arguments]="BrowseSupport ListKit LineMode"
  [layout]="BrowseSupport ListKit LineMode"
  [files]="BrowseSupport ListKit Tabular ListKitNetworking FileDatasets"
  [redaction]="BrowseSupport"
  [where]="BrowseSupport ListKit LineMode"
  [institutional]="BrowseSupport ListKit Tabular ListKitNetworking TWStock"
  [margin]="BrowseSupport ListKit Tabular ListKitNetworking TWStock"
  [valuation]="BrowseSupport ListKit Tabular ListKitNetworking TWStock"
  [dividends]="BrowseSupport ListKit Tabular ListKitNetworking TWStock"
  [html]="BrowseSupport ListKit Tabular ListKitNetworking TWStock"
  [taiex]="BrowseSupport ListKit Tabular ListKitNetworking TWStock"
)
declare -A seeds=(
  [csv]="$root/Tests/TWStockTests/Fixtures/*.csv $root/Tests/FileDatasetsTests/Fixtures/* $root/../shared/twse/*.csv"
  [json]="$here/Seeds/json/* $root/Tests/TWStockTests/Fixtures/*.json $root/Tests/FileDatasetsTests/Fixtures/*.json* $root/../shared/twse/*.json"
  [twse]="$root/Tests/TWStockTests/Fixtures/* $root/../shared/twse/*"
  [quote]="$root/Tests/TWStockTests/Fixtures/mis_* $root/../shared/twse/get*"
  [commands]="$here/Seeds/commands/*"
  [arguments]="$here/Seeds/arguments/*"
  [layout]="$here/Seeds/layout/*"
  [files]="$root/Tests/FileDatasetsTests/Fixtures/* $root/Tests/TWStockTests/Fixtures/*.csv $root/Tests/TWStockTests/Fixtures/*.json $here/Seeds/json/* $here/Seeds/files/*"
  [redaction]="$here/Seeds/redaction/*"
  [where]="$here/Seeds/where/*"
  [institutional]="$root/Tests/TWStockTests/Fixtures/T86_* $root/Tests/TWStockTests/Fixtures/tpex_insti_* $root/Tests/TWStockTests/Fixtures/BFI82U_* $root/../shared/twse/T86_* $root/../shared/twse/tpex_insti_* $root/../shared/twse/BFI82U_*"
  [margin]="$root/Tests/TWStockTests/Fixtures/MI_MARGN_* $root/Tests/TWStockTests/Fixtures/tpex_margin_* $root/../shared/twse/MI_MARGN_* $root/../shared/twse/tpex_margin_*"
  [valuation]="$root/Tests/TWStockTests/Fixtures/BWIBBU_* $root/Tests/TWStockTests/Fixtures/tpex_peQryDate_* $root/../shared/twse/BWIBBU_* $root/../shared/twse/tpex_peQryDate_*"
  [dividends]="$root/Tests/TWStockTests/Fixtures/TWT49U* $root/Tests/TWStockTests/Fixtures/tpex_exDailyQ_* $root/../shared/twse/TWT49U* $root/../shared/twse/tpex_bulletin_exDailyQ_*"
  [html]="$root/Tests/TWStockTests/Fixtures/MOPS_* $root/Tests/TWStockTests/Fixtures/*.html $root/../shared/twse/MOPS_*"
  [taiex]="$root/Tests/TWStockTests/Fixtures/FMTQIK_* $root/Tests/TWStockTests/Fixtures/MI_INDEX_* $root/../shared/twse/FMTQIK_* $root/../shared/twse/MI_INDEX_*"
)

if [ "${1:-}" = "list" ] || [ $# -lt 2 ]; then
  echo "usage: Fuzz/run.sh TARGET SECONDS [libFuzzer flags]; targets: ${!targets[*]}" >&2
  [ "${1:-}" = "list" ] && exit 0 || exit 2
fi
target="$1"; seconds="$2"; shift 2
[ -n "${targets[$target]+x}" ] || { echo "unknown target $target; targets: ${!targets[*]}" >&2; exit 2; }

build_module() {
  local module="$1"
  local out="$build/lib$module.a"
  local newest
  newest="$(find "$root/Sources/$module" "$root/Sources/CSVStops" \( -name '*.swift' -o -name '*.h' \) -newer "$out" 2>/dev/null | head -1 || true)"
  if [ -f "$out" ] && [ -z "$newest" ]; then return; fi
  echo "building $module" >&2
  # shellcheck disable=SC2046
  swiftc -swift-version 6 -parse-as-library -emit-library -static -emit-module -module-name "$module" -package-name browse \
    -sanitize=fuzzer,address -O -g -enable-testing -I "$build" -I "$root/Sources/CSVStops/include" \
    $(find "$root/Sources/$module" -name '*.swift' | sort) \
    -o "$out" -emit-module-path "$build/$module.swiftmodule" 2>&1 | grep -v "Cannot export" >&2 || true
  [ -f "$out" ] || { echo "could not build $module" >&2; exit 1; }
}

libraries=()
set +u
for module in ${targets[$target]}; do
  for dependency in ${deps[$module]}; do build_module "$dependency"; done
  build_module "$module"
  # Static libraries link dependents first.
  libraries=("$build/lib$module.a" "${libraries[@]}")
done
set -u
binary="$build/fuzz-$target"
echo "linking $binary" >&2
# One package name for the modules and the target: what they share is declared `package`.
swiftc -swift-version 6 -parse-as-library -package-name browse -sanitize=fuzzer,address -O -g -I "$build" \
  -I "$root/Sources/CSVStops/include" \
  "$here/Targets/$target.swift" "${libraries[@]}" -o "$binary" 2>&1 | grep -v "Cannot export" >&2 || true
[ -x "$binary" ] || { echo "could not link $binary" >&2; exit 1; }

corpus="$here/corpus-work/$target"
findings="$here/findings/$target"
mkdir -p "$corpus" "$findings"
# shellcheck disable=SC2086
for seed in ${seeds[$target]}; do [ -f "$seed" ] && cp -n "$seed" "$corpus/" 2>/dev/null || true; done
echo "fuzzing $target for $seconds s (corpus $corpus)" >&2
SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$binary" \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=65536 \
  -artifact_prefix="$findings/" -print_final_stats=1 "$@" "$corpus"
