#!/usr/bin/env bash
# The library's documentation as Swift developers read it: a DocC archive for each library
# module (Sources/MODULE/MODULE.docc, the guides of docs/ as its articles), built with
# swift-docc-plugin (declared in Package.swift only when XMLSTACK_DOCC=1, so that apps never
# resolve it). Fails on any DocC warning (a broken symbol link, a wrong parameter name) and on
# any public symbol without a doc comment. Run by .ci/run. The archives land in
# .build/docs/MODULE.doccarchive (`docc preview` or any static host reads them).
#
#     scripts/docs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export XMLSTACK_DOCC=1
modules=$(grep -o '\.library(name: "[A-Za-z]*"' Package.swift | cut -d'"' -f2)
bin=$(swift build --show-bin-path)
extracted="$bin/../extracted-symbols"
mkdir -p .build/docs
rm -rf "$extracted"
status=0
filter=()
for module in $modules; do
    filter+=(-m "$module")
    # One module at a time: given several, the plugin stops at the first that fails.
    if ! swift package --allow-writing-to-directory .build/docs generate-documentation --target "$module" \
        --warnings-as-errors --experimental-skip-synthesized-symbols \
        --output-path ".build/docs/$module.doccarchive" > ".build/docs/$module.log" 2>&1
    then
        grep -v '^\[' ".build/docs/$module.log" >&2
        echo "docs.sh: the documentation of $module has warnings (above)" >&2
        status=1
    fi
done
# DocC itself does not fail on a public symbol without a doc comment: the symbol graphs the
# plugin extracted tell.
python3 scripts/symbol-graph.py undocumented "${filter[@]}" "$extracted" || status=1
exit $status
