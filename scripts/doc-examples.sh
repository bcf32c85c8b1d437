#!/usr/bin/env bash
# Regenerates the programs that compile and run every Swift block of README.md and docs/
# (Tests/DocExamples/*/main.swift), after a guide changed. DocExamplesTests fails until they
# match the guides. A new guide with Swift blocks also needs its target in Package.swift.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp scripts/DocExamplesMain.swift "$work/main.swift"  # top-level code lives in main.swift
swiftc -O Tests/DocExamplesTests/DocExampleProgram.swift "$work/main.swift" -o "$work/generate" 2>&1 | grep -v "^$" || true
"$work/generate" "$PWD"
