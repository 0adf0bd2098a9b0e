#!/usr/bin/env bash
# Runs the lab under a sanitizer and fails on any report it did not expect.
#
#   Scripts/sanitize.sh race     ThreadSanitizer (-sanitize=thread), build folder .build-race
#   Scripts/sanitize.sh leaks    LeakSanitizer (-sanitize=address, detect_leaks=1), .build-leaks
#
# Both build without the package's default trait, Jemalloc (Package.swift): jemalloc would
# replace the malloc and operator new the sanitizer's runtime must own. Then, with every
# report of every process (children included) written to a file of its own:
#   1. `lab bench`: every row and scenario, one short run each (LAB_SANITIZER_OPERATIONS);
#   2. every demo that `lab demo` lists;
#   3. `swift test`;
# each must exit 0 with no report. Last, the programs that must be caught: the naive plain
# actor with the trap off (race), the demos that leak on purpose (leaks). Each must be
# reported, or the run fails. Docs/Reliability.md says what is suppressed and why.
set -euo pipefail

mode="${1:-}"
root="$(cd "$(dirname "$0")/.." && pwd)"
swift="${SWIFT:-swift}"
operations="${LAB_SANITIZER_OPERATIONS:-40}"
cd "$root"

case "$mode" in
race)
    sanitizer=thread
    scratch=.build-race
    name=ThreadSanitizer
    # Every report starts with this line; "Swift access race" is the exclusivity checker's.
    report='^WARNING: ThreadSanitizer: '
    ;;
leaks)
    sanitizer=address
    scratch=.build-leaks
    name=LeakSanitizer
    # AddressSanitizer stays on (its leak checker needs it): its errors count as reports too.
    # Each line starts with "==PID==".
    report='^(==[0-9]+==)?(ERROR: LeakSanitizer: detected memory leaks|ERROR: AddressSanitizer: |WARNING: AddressSanitizer: )'
    ;;
*)
    echo "sanitize: the mode must be 'race' or 'leaks', not '$mode'" >&2
    exit 64
    ;;
esac

flags=(--scratch-path "$scratch" --sanitize="$sanitizer" --disable-default-traits)
logs="$root/$scratch/sanitizer-logs"
rm -rf "$logs"
mkdir -p "$logs"

# The clean steps of `leaks` also suppress the leaks planted on purpose.
cat Scripts/sanitizers/leaks.supp Scripts/sanitizers/planted-leaks.supp >"$logs/clean-leaks.supp"

# The runtime options of step `$1`, `clean` or `expected` as `$2`: its reports go to
# $logs/$1/report.<pid>.
options() {
    local folder="$logs/$1"
    mkdir -p "$folder"
    case "$mode" in
    race)
        export TSAN_OPTIONS="suppressions=$root/Scripts/sanitizers/race.supp print_suppressions=1 log_path=$folder/report"
        # A crashing process that starts the Swift backtracer fails a check in the
        # sanitizer's clone interceptor and can hang: the lab's child processes keep it off.
        export LAB_BACKTRACE=off
        ;;
    leaks)
        # replace_intrin=0: the Swift runtime's crash handler copies the crashed thread's
        # stack with memcpy, which AddressSanitizer would stop, leaving a crash by design
        # (a crash site, a workshop starter) hanging instead of reported.
        export ASAN_OPTIONS="detect_leaks=1 replace_intrin=0 log_path=$folder/report"
        if [[ "$2" == clean ]]; then
            export LSAN_OPTIONS="suppressions=$logs/clean-leaks.supp"
        else
            export LSAN_OPTIONS="suppressions=$root/Scripts/sanitizers/leaks.supp"
        fi
        ;;
    esac
}

# The number of reports in the files of step `$1`.
reports() {
    { cat "$logs/$1"/report.* 2>/dev/null || true; } | grep -cE "$report" || true
}

seconds() { date +%s; }

start="$(seconds)"
echo "sanitize: $mode: building with -sanitize=$sanitizer in $scratch (the first build takes minutes)"
"$swift" build "${flags[@]}" --product lab >"$logs/build.log" 2>&1 \
    || { tail -n 30 "$logs/build.log" >&2; echo "sanitize: $mode: the build failed ($logs/build.log)" >&2; exit 1; }
lab="$("$swift" build "${flags[@]}" --show-bin-path)/lab"
echo "sanitize: $mode: built in $(($(seconds) - start)) s"

failures=0
total=0

# Runs a step that must end with exit 0 and no report: `$1` names it, the rest is the command.
clean() {
    local step="$1" began status count
    shift
    options "$step" clean
    began="$(seconds)"
    status=0
    "$@" >"$logs/$step.log" 2>&1 || status=$?
    count="$(reports "$step")"
    total=$((total + count))
    echo "sanitize: $mode: $step: exit $status, $count report(s), $(($(seconds) - began)) s"
    if [[ "$status" -ne 0 || "$count" -ne 0 ]]; then
        failures=$((failures + 1))
        [[ "$count" -eq 0 ]] || grep -hE -A 12 "$report" "$logs/$step"/report.* | head -n 40 >&2
        [[ "$status" -eq 0 ]] || tail -n 20 "$logs/$step.log" >&2
    fi
}

# Runs a step that must be reported: `$1` names it, `$2` is what the reports must contain,
# `$3` how many runs it may take, the rest is the command. Its exit status is the
# sanitizer's, and is not a failure. A race is seen only in a run where nothing happens to
# order the two accesses (a thread woken by the other, say), so a race may take more runs.
caught() {
    local step="$1" expected="$2" attempts="$3" attempt began status count
    shift 3
    for ((attempt = 1; attempt <= attempts; attempt++)); do
        options "$step" expected
        began="$(seconds)"
        status=0
        "$@" >"$logs/$step.log" 2>&1 || status=$?
        count="$(reports "$step")"
        echo "sanitize: $mode: $step (expected), run $attempt of at most $attempts: exit $status, $count report(s), $(($(seconds) - began)) s"
        if [[ "$count" -ne 0 ]] && grep -qhE "$expected" "$logs/$step"/report.*; then
            return 0
        fi
    done
    echo "sanitize: $mode: $step: $name did not report it in $attempts run(s) (expected /$expected/; $logs/$step.log)" >&2
    failures=$((failures + 1))
}

clean bench "$lab" bench --operations "$operations" --runs 1 --no-progress

demos="$("$lab" demo | awk '$1 ~ /^[0-9]+$/ { print $2 }')"
[[ -n "$demos" ]] || { echo "sanitize: $mode: 'lab demo' listed no demos" >&2; exit 1; }
for demo in $demos; do
    # The demos that leak on purpose are the expected reports of `leaks`, below.
    if [[ "$mode" == leaks && " closure-cycle " == *" $demo "* ]]; then continue; fi
    clean "demo-$demo" "$lab" demo "$demo"
done

clean test "$swift" test "${flags[@]}"
grep -hE 'Test run with [0-9]+ tests' "$logs/test.log" | tail -n 1 | sed "s/^/sanitize: $mode: test: /" || true

# How often each suppression matched, over every step.
matched() {
    case "$mode" in
    race) { cat "$logs"/*/report.* 2>/dev/null || true; } | awk '/^ThreadSanitizer: Matched/ { on = 1; next } on && NF == 2 { n[$2] += $1; next } { on = 0 } END { for (t in n) print n[t], t }' ;;
    leaks) { cat "$logs"/*/report.* 2>/dev/null || true; } | awk '/^Suppressions used:/ { on = 1; next } on && $1 == "count" { next } on && $1 ~ /^[0-9]+$/ { n[$3] += $1; next } { on = 0 } END { for (t in n) print n[t], t }' ;;
    esac
}
suppressed="$(matched | paste -sd ';' -)"
echo "sanitize: $mode: suppressions matched (count template): ${suppressed:-none}"

case "$mode" in
race)
    # The reason for race.supp's mutex line, checked on this toolchain: a contended
    # Synchronization.Mutex is invisible to ThreadSanitizer, NSLock is not.
    swiftc="$(dirname "$(command -v "$swift")")/swiftc"
    "$swiftc" -swift-version 6 -sanitize=thread -g Scripts/sanitizers/mutex-probe.swift -o "$logs/mutex-probe" \
        >"$logs/mutex-probe.log" 2>&1 || { cat "$logs/mutex-probe.log" >&2; echo "sanitize: race: the mutex probe did not compile" >&2; exit 1; }
    for lock in mutex nslock; do
        options "probe-$lock" expected
        total_count="$("$logs/mutex-probe" "$lock" 2>/dev/null || true)"
        echo "sanitize: race: probe ($lock): total $total_count of 800000, $(reports "probe-$lock") report(s)"
    done
    caught naive-untrapped 'ThreadSanitizer: (data race|Swift access race)' 5 \
        "$lab" demo --crash-site plain-actor.naive-untrapped
    ;;
leaks)
    caught demo-closure-cycle 'NoteEditor' 1 "$lab" demo closure-cycle
    ;;
esac

elapsed=$(($(seconds) - start))
if [[ "$failures" -ne 0 ]]; then
    echo "sanitize: $mode: FAILED: $failures step(s), $total unexpected report(s), $elapsed s; the reports are in $logs" >&2
    exit 1
fi
echo "sanitize: $mode: clean: 0 unexpected reports, the expected ones caught, $elapsed s"
