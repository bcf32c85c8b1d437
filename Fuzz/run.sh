#!/usr/bin/env bash
# Builds the fuzz targets (AddressSanitizer + libFuzzer, release) and runs each for a
# given time, keeping the corpus it grows and any findings under Fuzz/.work/.
#
#     Fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]      (default: 60 s, every target)
#     Fuzz/run.sh build                                  (only build)
#     Fuzz/run.sh replay TARGET FILE...                  (run saved inputs once, e.g. a crash-… file)
#     Fuzz/run.sh stats                                  (time, executions, coverage per target so far)
#
# See docs/Fuzzing.md. Exit status: 0 when no target found anything, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")"

all_targets=(FuzzStreamParser FuzzPullReader FuzzRecovery FuzzTreeXPath FuzzCanonical FuzzPropertyLists FuzzPlistDecoder FuzzWriter FuzzCodable FuzzPlistScanner FuzzDTDValidation FuzzSchemaValidation)

swift_bin=$(readlink -f "$(command -v swift)")
toolchain=$(dirname "$(dirname "$swift_bin")")
fuzzer_lib=$(ls "$toolchain"/lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a 2>/dev/null | head -n 1)
if [ -z "$fuzzer_lib" ]; then
    echo "run.sh: libclang_rt.fuzzer_no_main not found under $toolchain/lib/clang" >&2
    exit 2
fi
build_flags=(-c release --scratch-path .build-fuzz
    -Xswiftc -sanitize=address
    -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp
    -Xlinker "$fuzzer_lib" -Xlinker -lstdc++)

if [ "${1:-}" = stats ]; then
    # Per target, over every run logged in .work: time, executions, and the coverage
    # (edges) and corpus size the last run reached.
    printf "%-18s %9s %12s %6s %7s\n" target seconds executions edges corpus
    for target in "${all_targets[@]}"; do
        seconds=0; executions=0; edges=-; corpus=-
        for log in .work/$target/*.log; do
            [ -e "$log" ] || continue
            stamp=$(basename "$log" .log)
            start=$(date -d "${stamp:0:8} ${stamp:9:2}:${stamp:11:2}:${stamp:13:2}" +%s)
            end=$(stat -c %Y "$log")
            seconds=$((seconds + end - start))
            runs=$(grep -o '^stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
            [ -z "$runs" ] && runs=$(grep -o '^#[0-9]*' "$log" | tail -n 1 | tr -d '#' || true)
            executions=$((executions + ${runs:-0}))
            last=$(grep -o 'cov: [0-9]*.*corp: [0-9]*' "$log" | tail -n 1 || true)
            if [ -n "$last" ]; then
                edges=$(echo "$last" | sed 's/cov: \([0-9]*\).*/\1/')
                corpus=$(echo "$last" | sed 's/.*corp: \([0-9]*\)/\1/')
            fi
        done
        printf "%-18s %9d %12d %6s %7s\n" "$target" "$seconds" "$executions" "$edges" "$corpus"
    done
    exit 0
fi

# SwiftPM does not re-plan a path dependency whose targets gained a source file; without its
# plan a file added to the main package is missing from the build ("cannot find type").
rm -f .build-fuzz/release.yaml .build-fuzz/x86_64-unknown-linux-gnu/release/description.json
swift build "${build_flags[@]}"
bin=$(swift build "${build_flags[@]}" --show-bin-path)

dictionary_for() {
    case "$1" in
        FuzzPropertyLists|FuzzPlistDecoder|FuzzPlistScanner) echo "Dictionaries/plist.dict" ;;
        FuzzCodable) echo "Dictionaries/codable.dict" ;;
        FuzzTreeXPath) echo "Dictionaries/xpath.dict" ;;
        FuzzDTDValidation) echo "Dictionaries/dtd.dict" ;;
        FuzzSchemaValidation) echo "Dictionaries/xsd.dict" ;;
        FuzzWriter) echo "" ;;
        *) echo "Dictionaries/xml.dict" ;;
    esac
}

# Swift's own crash backtracer fights AddressSanitizer's; libFuzzer reports crashes.
export SWIFT_BACKTRACE=enable=no
# Leaks the scan at exit cannot see are references (see the file).
export LSAN_OPTIONS="suppressions=$PWD/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

case "${1:-}" in
    build) exit 0 ;;
    replay)
        shift
        target=$1; shift
        exec "$bin/$target" -runs=1 "$@"
        ;;
esac

seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all_targets[@]}")

status=0
for target in "${targets[@]}"; do
    corpus=.work/$target/corpus
    findings=.work/findings/$target
    mkdir -p "$corpus" "$findings"
    dictionary=$(dictionary_for "$target")
    log=.work/$target/$(date +%Y%m%d-%H%M%S).log
    echo "== $target for ${seconds}s (log: Fuzz/$log)"
    set +e
    # New inputs go to the first corpus directory; the committed seeds are only read.
    "$bin/$target" "$corpus" "Corpus/$target" \
        ${dictionary:+-dict="$dictionary"} \
        -max_total_time="$seconds" -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$findings/" -print_final_stats=1 >"$log" 2>&1
    result=$?
    set -e
    grep -E "^stat::(number_of_executed_units|peak_rss_mb)|^#[0-9]+ *DONE" "$log" | sed 's/^/   /' || true
    if [ $result -ne 0 ]; then
        echo "   FINDING (exit $result): see Fuzz/$log and Fuzz/$findings/" >&2
        status=1
    fi
done
exit $status
