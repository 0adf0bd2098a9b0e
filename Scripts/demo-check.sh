#!/usr/bin/env bash
# Runs every demo (`lab demo NAME --json`) in a debug and in a release build of the lab and
# fails (exit 1) when a hop count differs between the two.
#
# At -O the optimizer removes a hop that nothing needs, so a demo that awaits a value and
# drops it can count fewer hops in release than in debug, and a chapter that quotes the
# debug count is then wrong about `make bench`'s build. plain-actor's count depends on
# timing (2 to 3 hops per call): it is checked against that range in both builds instead.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
swift="${SWIFT:-swift}"
cd "$root"

"$swift" build --product lab
"$swift" build --configuration release --product lab
debug="$("$swift" build --show-bin-path)/lab"
release="$("$swift" build --configuration release --show-bin-path)/lab"

# The hop counts of a demo's JSON outcome, one "key value" a line, sorted.
hops() {
    "$1" demo "$2" --json | sed -n 's/^ *"\([a-z_]*hops[a-z_]*\)" : \([0-9.]*\),\{0,1\}$/\1 \2/p' | sort
}

# Whether every count in $1 lies between 2 and 3.
between_two_and_three() {
    awk '{ if ($2 < 2 || $2 > 3) bad = 1 } END { exit bad }' <<<"$1"
}

status=0
for demo in $("$debug" demo | awk '$1 ~ /^[0-9]+$/ { print $2 }'); do
    in_debug="$(hops "$debug" "$demo")"
    in_release="$(hops "$release" "$demo")"
    if [[ "$demo" == "plain-actor" ]]; then
        if between_two_and_three "$in_debug" && between_two_and_three "$in_release"; then
            echo "demo-check: $demo: 2 to 3 hops per call in both builds"
        else
            echo "demo-check: $demo: outside 2 to 3 hops per call: debug [$in_debug], release [$in_release]" >&2
            status=1
        fi
    elif [[ -z "$in_debug" && -z "$in_release" ]]; then
        echo "demo-check: $demo: counts no hops"
    elif [[ "$in_debug" == "$in_release" ]]; then
        echo "demo-check: $demo: the same hop counts in both builds (${in_debug//$'\n'/, })"
    else
        echo "demo-check: $demo: debug [${in_debug//$'\n'/, }], release [${in_release//$'\n'/, }]" >&2
        status=1
    fi
done
exit "$status"
