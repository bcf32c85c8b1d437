#!/usr/bin/env bash
# The public API of the library's modules, one line per declaration or conformance (from the
# compiler's symbol graphs, through scripts/symbol-graph.py), against the committed baseline
# docs/api/MODULE.txt. Fails on any difference and prints it, so that every change to the
# surface is a deliberate commit (docs/PublicAPI.md). Run by .ci/run.
#
#     scripts/public-api.sh            # compare
#     scripts/public-api.sh --update   # rewrite docs/api/ (commit it with the change)
set -euo pipefail
cd "$(dirname "$0")/.."
modules=$(grep -o '\.library(name: "[A-Za-z]*"' Package.swift | cut -d'"' -f2)
bin=$(swift build --show-bin-path)
graphs="$bin/../symbolgraph"
# dump-symbol-graph needs the test targets built too (it walks every module of the package).
swift build --build-tests -q
rm -rf "$graphs"
swift package dump-symbol-graph --minimum-access-level public --emit-extension-block-symbols >/dev/null
mkdir -p docs/api
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for module in $modules; do
    python3 scripts/symbol-graph.py surface -m "$module" "$graphs" > "$work/$module.txt"
    if [ "${1:-}" = --update ]; then
        cp "$work/$module.txt" "docs/api/$module.txt"
    elif ! diff -u "docs/api/$module.txt" "$work/$module.txt"; then
        echo "public-api.sh: the public API of $module changed; if that is deliberate, run scripts/public-api.sh --update and commit docs/api/$module.txt with the change" >&2
        status=1
    fi
done
exit $status
