#!/usr/bin/env bash
# Runs the test suite of every package (the library, Tools/, Samples/SiteSchedule/) under
# AddressSanitizer and ThreadSanitizer, each in its own build directory, and prints how long
# each took. See docs/Fuzzing.md.
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
        address) scratch=.build-asan ;;
        thread) scratch=.build-tsan ;;
        *) echo "sanitizers.sh: unknown sanitizer $sanitizer (address or thread)" >&2; exit 2 ;;
    esac
    for package in . Tools Samples/SiteSchedule; do
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
