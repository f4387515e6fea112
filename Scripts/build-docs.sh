#!/usr/bin/env bash
# Builds the DocC sites of the library products, without any package dependency: symbol graphs
# from the compiler, then `docc convert`, warnings as errors.
#
#   Scripts/build-docs.sh            # sites in .build/docs/<Module>
#   open .build/docs/ListKit/index.html, or serve the folder: python3 -m http.server -d .build/docs
set -euo pipefail
cd "$(dirname "$0")/.."
# A build folder of its own, so these flags do not make the usual build start over; its symbol
# graphs are written whenever a module compiles, and kept.
scratch=.build/symbol-build
graphs=$scratch/symbol-graphs
rm -rf .build/docs
mkdir -p "$graphs" .build/docs
swift build --scratch-path "$scratch" -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir \
  -Xswiftc "$PWD/$graphs" -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >/dev/null
for module in ListKit BrowseSupport LineMode FileDatasets ListKitNetworking ListKitTesting TWStock DemoDatasets \
  ManifestDatasets; do
  catalog="Sources/$module/$module.docc"
  [ -d "$catalog" ] || continue
  only="$scratch/graphs-of/$module"
  rm -rf "$only"
  mkdir -p "$only"
  cp "$graphs/$module".symbols.json "$only/" 2>/dev/null || true
  cp "$graphs/$module"@*.symbols.json "$only/" 2>/dev/null || true
  docc convert "$catalog" \
    --additional-symbol-graph-dir "$only" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.browse.$module" \
    --output-path ".build/docs/$module" --transform-for-static-hosting --hosting-base-path "$module" \
    --warnings-as-errors
  echo "built .build/docs/$module"
done
