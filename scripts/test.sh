#!/usr/bin/env bash
# The README's test command: `swift test` in every package of the repository, the library
# (.), the tools (Tools/), the SiteSchedule sample (Samples/SiteSchedule/) and the OpenAPI
# adapter (Adapters/OpenAPI/), each in its own build directory. Arguments go to each `swift test` (for example --parallel). Every
# package runs even when one fails; the exit status says whether all passed.
#
#     scripts/test.sh [SWIFT-TEST-ARGUMENTS...]
set -uo pipefail
cd "$(dirname "$0")/.."

status=0
for package in . Tools Samples/SiteSchedule Adapters/OpenAPI; do
    start=$(date +%s)
    echo "== swift test --package-path $package"
    if swift test --package-path "$package" "$@"; then
        result=passed
    else
        result=FAILED
        status=1
    fi
    echo "== $package: $result in $(( $(date +%s) - start )) s"
done
exit $status
