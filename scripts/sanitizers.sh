#!/usr/bin/env bash
# Runs the test suites under AddressSanitizer and ThreadSanitizer, each in its own build
# directory, and prints how long each took. See docs/Fuzzing.md.
#
# Each sanitizer runs the packages whose own code it can find something in:
#   address: the library (its unsafe code) and Tools/ (which reaches it from files and
#            standard input); the sample has no unsafe code of its own.
#   thread:  the library (what it shares between tasks) and Samples/SiteSchedule/ (the
#            import's parsing and writing on two threads); the tools share nothing.
# The sample's dependency graph (PostgresNIO, SwiftNIO, swift-crypto's BoringSSL) took 526 s
# to build under AddressSanitizer on 2 cores (.ci/run, 2026-11-27); building it for nothing twice put CI
# over its time.
#
#     scripts/sanitizers.sh [address|thread]...     (default: both)
set -euo pipefail
cd "$(dirname "$0")/.."

sanitizers=("$@")
[ ${#sanitizers[@]} -eq 0 ] && sanitizers=(address thread)

# Swift's crash backtracer and the sanitizers' reports get in each other's way.
export SWIFT_BACKTRACE=enable=no
# A leak in a test process is not what these runs look for (the suite has its own checks).
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1}

status=0
for sanitizer in "${sanitizers[@]}"; do
    case "$sanitizer" in
        address) scratch=.build-asan; packages=(. Tools) ;;
        thread) scratch=.build-tsan; packages=(. Samples/SiteSchedule) ;;
        *) echo "sanitizers.sh: unknown sanitizer $sanitizer (address or thread)" >&2; exit 2 ;;
    esac
    for package in "${packages[@]}"; do
        start=$(date +%s)
        echo "== swift test --sanitize=$sanitizer --package-path $package"
        if swift test --sanitize="$sanitizer" --package-path "$package" --scratch-path "$package/$scratch"; then
            result=passed
        else
            result=FAILED
            status=1
        fi
        echo "== $sanitizer, $package: $result in $(( $(date +%s) - start )) s"
    done
done
exit $status
