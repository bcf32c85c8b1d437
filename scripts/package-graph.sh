#!/usr/bin/env bash
# The package graph an app pays for. For each library product of the root package, builds a
# small consumer package that depends on this repository by path and uses only that
# product, prints the packages it resolves, and fails if any is not the library itself or
# one of the packages allowed below. Run by .ci/run.
#
#     scripts/package-graph.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
# A package depended on by path is known by its directory's name.
library=$(basename "$root" | tr '[:upper:]' '[:lower:]')
allowed=("$library" swift-collections swift-system)
products=$(grep -o '\.library(name: "[A-Za-z]*"' Package.swift | cut -d'"' -f2)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# One build directory for every consumer: they build the same library modules.
scratch="$work/.build"
status=0
for product in $products; do
    consumer="$work/$product-Consumer"
    mkdir -p "$consumer/Sources/App"
    cat > "$consumer/Package.swift" <<MANIFEST
// swift-tools-version: 6.2
import PackageDescription
let package = Package(
    name: "$product-Consumer",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "XMLStack", path: "$root")],
    targets: [.executableTarget(name: "App", dependencies: [.product(name: "$product", package: "XMLStack")])]
)
MANIFEST
    printf 'import %s\n' "$product" > "$consumer/Sources/App/main.swift"
    echo "== an app that uses $product"
    swift package --package-path "$consumer" --scratch-path "$scratch" show-dependencies 2>/dev/null | sed "s|$root|XMLStack|"
    resolved=$(swift package --package-path "$consumer" --scratch-path "$scratch" show-dependencies --format flatlist 2>/dev/null)
    for package in $resolved; do
        [ "$package" = "$(echo "$product-Consumer" | tr '[:upper:]' '[:lower:]')" ] && continue
        if [[ ! " ${allowed[*]} " =~ " $package " ]]; then
            echo "package-graph.sh: an app that uses $product resolves $package" >&2
            status=1
        fi
    done
    swift build --package-path "$consumer" --scratch-path "$scratch" -q
done
exit $status
