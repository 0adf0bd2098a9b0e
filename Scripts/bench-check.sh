#!/usr/bin/env bash
# Runs the regression benchmarks (the nested package in Benchmarks/, package-benchmark) and
# compares every benchmark's p90 with the thresholds committed for this Swift version.
#
#   Scripts/bench-check.sh check     fail (exit 1) when a benchmark regressed
#   Scripts/bench-check.sh update    record Benchmarks/Thresholds/<version>/ from a run here
#
# Benchmarks/README.md explains the thresholds, their tolerances, and the LD_PRELOAD below.
set -euo pipefail

mode="${1:-check}"
root="$(cd "$(dirname "$0")/.." && pwd)"
swift="${SWIFT:-swift}"

# Thresholds are per Swift version (major.minor), as swift-nio keeps them: a new compiler
# moves allocation counts and timings without any change of ours.
version="$("$swift" --version 2>/dev/null | sed -n 's/.*Swift version \([0-9]*\.[0-9]*\).*/\1/p' | head -n 1)"
if [[ -z "$version" ]]; then
    echo "bench-check: could not read the Swift version from '$swift --version'" >&2
    exit 1
fi
thresholds="$root/Benchmarks/Thresholds/$version"

# package-benchmark preloads its malloc interposer; the lab links jemalloc. Preloading
# glibc and libstdc++ right after the interposer makes glibc the allocator under it and
# libstdc++ the C++ operator new, so the interposer never sees a jemalloc block (on which
# its header probe faults). The plugin puts its interposer first and keeps what is here.
if [[ "$(uname -s)" == "Linux" ]]; then
    export LD_PRELOAD="libc.so.6:libstdc++.so.6${LD_PRELOAD:+:$LD_PRELOAD}"
fi

benchmark=("$swift" package --package-path "$root/Benchmarks")

case "$mode" in
update)
    mkdir -p "$thresholds"
    "${benchmark[@]}" --allow-writing-to-package-directory \
        benchmark thresholds update --path "$thresholds" --no-progress
    echo "bench-check: thresholds for Swift $version written to Benchmarks/Thresholds/$version"
    ;;
check)
    if [[ ! -d "$thresholds" ]]; then
        echo "bench-check: no thresholds for Swift $version in Benchmarks/Thresholds/; record them with: make bench-thresholds" >&2
        exit 1
    fi
    log="$(mktemp)"
    trap 'rm -f "$log"' EXIT
    set +e
    "${benchmark[@]}" benchmark thresholds check --path "$thresholds" --no-progress 2>&1 | tee "$log"
    status=${PIPESTATUS[0]}
    set -e
    if [[ $status -eq 0 ]]; then
        echo "bench-check: every benchmark is within its thresholds (Swift $version)"
        exit 0
    fi
    # The plugin fails on improvements too (its exit code 4). Being better than the
    # committed p90 is not a regression: say so, and pass.
    if grep -q "is BETTER than the defined thresholds" "$log" && ! grep -q "is WORSE than the defined thresholds" "$log"; then
        echo "bench-check: better than the thresholds, no regression; to tighten them: make bench-thresholds"
        exit 0
    fi
    echo "bench-check: FAILED: a regression against Benchmarks/Thresholds/$version, or a benchmark that crashed or did not build (see above)" >&2
    exit 1
    ;;
*)
    echo "usage: $0 check|update" >&2
    exit 64
    ;;
esac
