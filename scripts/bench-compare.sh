#!/usr/bin/env bash
# Compares two release builds of Benchmarks/ (two commits of the library) on the paths every
# user pays for: stream reading, the handler stack, the tree and XPath, Codable decoding and
# encoding, the stream writer, property lists. Prints a Markdown table: instructions
# (callgrind, on the 1 MiB files: steady on a shared machine) and the median of the
# programs' own timings (interleaved rounds, on the large files), each with the ratio
# after / before.
#
# usage: scripts/bench-compare.sh BEFORE_BIN AFTER_BIN CORPUS [ROUNDS [FILTER]]
#   BIN     a Benchmarks/.build/release directory (swift build -c release --package-path Benchmarks)
#   CORPUS  xmlstack-bench generate's directory, with siteschedule-1mib.xml and -8mib.xml as
#           xmlcoding-bench writes them (SITESCHEDULE_CORPUS=CORPUS xmlcoding-bench 1 --no-large),
#           and records-1mb.xml.plist and records-1mb.binary.plist (plist-bench writes them
#           into PLIST_CORPUS); the news feeds come from xmlstack-bench generate since 2026-11-26
set -euo pipefail
before=$1 after=$2 corpus=$3 rounds=${4:-7} filter=${5:-}

# name | command after the binary directory ("stack", "tree" or "coding" selects the program)
workloads=(
  "stream reading, schedule|stack single stream-reading $corpus/schedule-64m.xml|stack single stream-reading $corpus/schedule-1m.xml"
  "stream reading, namespaced|stack single stream-reading $corpus/namespaced-64m.xml|stack single stream-reading $corpus/namespaced-1m.xml"
  "stream reading, news UTF-8|stack single stream-reading $corpus/news-32m.xml|stack single stream-reading $corpus/news-1m.xml"
  "stream reading, news UTF-16|stack single stream-reading $corpus/news-32m-utf-16.xml|stack single stream-reading $corpus/news-1m-utf-16.xml"
  "stream text, schedule|stack single stream-text $corpus/schedule-64m.xml|stack single stream-text $corpus/schedule-1m.xml"
  "handler stack, schedule|stack single handler-stack $corpus/schedule-64m.xml|stack single handler-stack $corpus/schedule-1m.xml"
  "tree, schedule|tree single tree $corpus/schedule-64m.xml 1|tree single tree $corpus/schedule-1m.xml 1"
  "tree + //activity[@team='100']|tree single tree-xpath-activity $corpus/schedule-64m.xml 1|tree single tree-xpath-activity $corpus/schedule-1m.xml 1"
  "tree + count(//*)|tree single tree-xpath-count $corpus/schedule-64m.xml 1|tree single tree-xpath-count $corpus/schedule-1m.xml 1"
  "Codable, whole document|coding child document $corpus/siteschedule-8mib.xml 1|coding child document $corpus/siteschedule-1mib.xml 1"
  "Codable, records on the stack|coding child routes $corpus/siteschedule-8mib.xml 1|coding child routes $corpus/siteschedule-1mib.xml 1"
  "Codable, eachAt: records|coding child stream $corpus/siteschedule-8mib.xml 1|coding child stream $corpus/siteschedule-1mib.xml 1"
  "Codable, encoding|coding child encode $corpus/siteschedule-8mib.xml 1|coding child encode $corpus/siteschedule-1mib.xml 1"
  "stream writer, schedule|write 64 1|write 1 1"
  "property list, XML|plist single ours $corpus/records-1mb.xml.plist 20|plist single ours $corpus/records-1mb.xml.plist 1"
  "property list, binary|plist single ours $corpus/records-1mb.binary.plist 50|plist single ours $corpus/records-1mb.binary.plist 1"
)

program() {  # BIN SHORT -> path of the program
  case $2 in
    stack) echo "$1/xmlstack-bench" ;;
    tree) echo "$1/xmltree-bench" ;;
    coding) echo "$1/xmlcoding-bench" ;;
    write) echo "$1/xmlstack-write-bench" ;;
    plist) echo "$1/plist-bench" ;;
  esac
}

# The seconds a program reports for one run: `sample S` (xmlstack-bench), `S<TAB>summary`
# (xmltree-bench, plist-bench), `S count` (xmlcoding-bench), `XMLStreamWriter (1): N bytes,
# S s` (xmlstack-write-bench with XMLSTACK_WRITER_ONLY=1: the writer alone).
seconds() {  # BIN COMMAND...
  local bin=$1 short=$2
  shift 2
  SITESCHEDULE_CORPUS=$corpus XMLSTACK_WRITER_ONLY=1 "$(program "$bin" "$short")" "$@" |
    awk '/^sample /{print $2; exit} /^[0-9.e-]+[ \t]/{print $1; exit} /^XMLStreamWriter /{print $(NF-1); exit}'
}

# valgrind gives up on the DWARF of Swift's release binaries: it counts stripped copies.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
instructions() {  # BIN COMMAND...
  local bin=$1 short=$2
  shift 2
  local copy="$work/$(echo "$bin" | md5sum | cut -c1-8)-$short"
  [[ -x $copy ]] || strip -o "$copy" "$(program "$bin" "$short")"
  SITESCHEDULE_CORPUS=$corpus XMLSTACK_WRITER_ONLY=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    "$copy" "$@" 2>&1 >/dev/null | awk '/Collected :/{print $4}'
}

median() { sort -g | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }

echo "| workload | instructions before | after | ratio | median s before | after | ratio |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
for entry in "${workloads[@]}"; do
  IFS='|' read -r name timed counted <<<"$entry"
  [[ -z $filter || $name == *"$filter"* ]] || continue  # only the workloads whose name holds FILTER
  ib=$(instructions "$before" $counted)
  ia=$(instructions "$after" $counted)
  tb=() ta=()
  for ((round = 0; round < rounds; round++)); do
    # Interleaved, the order alternating: both builds see the machine's same phases.
    if ((round % 2 == 0)); then
      tb+=("$(seconds "$before" $timed)"); ta+=("$(seconds "$after" $timed)")
    else
      ta+=("$(seconds "$after" $timed)"); tb+=("$(seconds "$before" $timed)")
    fi
  done
  mb=$(printf '%s\n' "${tb[@]}" | median)
  ma=$(printf '%s\n' "${ta[@]}" | median)
  awk -v n="$name" -v ib="$ib" -v ia="$ia" -v mb="$mb" -v ma="$ma" 'BEGIN {
    printf "| %s | %.1fM | %.1fM | %.3f | %.3f | %.3f | %.3f |\n", n, ib / 1e6, ia / 1e6, ia / ib, mb, ma, ma / mb }'
done
