#!/usr/bin/env bash
# Compares the raw-sqlite row with the database's own limit: Benchmarks/Limit/sqlite_limit.c,
# the row's SQL in C. Builds both (the C program with the system compiler, the lab in
# release), runs them interleaved (C, lab, C, lab, ...; ROUNDS of each, 3 by default) on
# the point-read and import scenarios with lab bench's defaults, and prints raw-sqlite ÷ C
# per scenario: the median of the rounds' ratios, with min and max.
#
# Environment: ROUNDS (default 3), CC (default cc), SWIFT (default swift), LAB (a lab
# binary to use instead of building one). Anything else, MALLOC_CONF included, reaches the
# lab process as it is (the C program does not use jemalloc).
set -euo pipefail

cd "$(dirname "$0")/.."

rounds="${ROUNDS:-3}"
cc="${CC:-cc}"
swift="${SWIFT:-swift}"
limit_dir=.build/limit
limit="$limit_dir/sqlite_limit"

if ! command -v python3 >/dev/null 2>&1; then
    echo "bench-limit: python3 is needed to read the JSON reports" >&2
    exit 1
fi

mkdir -p "$limit_dir"
"$cc" -O2 -std=c11 -Wall -Wextra -o "$limit" Benchmarks/Limit/sqlite_limit.c -lsqlite3 -lm

lab="${LAB:-}"
if [[ -z "$lab" ]]; then
    "$swift" build --configuration release --product lab
    lab="$("$swift" build --configuration release --show-bin-path)/lab"
fi

results="$(mktemp -d)"
trap 'rm -rf "$results"' EXIT

malloc_conf="${MALLOC_CONF:-unset, so the compiled-in tcache:false}"
echo "bench-limit: $rounds rounds, C then lab each round; MALLOC_CONF for the lab: $malloc_conf"
for round in $(seq 1 "$rounds"); do
    echo "bench-limit: round $round/$rounds: C"
    "$limit" --scenario point-read --scenario import --format json > "$results/c-$round.json"
    echo "bench-limit: round $round/$rounds: lab"
    "$lab" bench --row raw-sqlite --scenario point-read --scenario import --no-meters \
        --no-progress --format json > "$results/lab-$round.json"
done

python3 - "$results" "$rounds" <<'PYTHON'
import json
import statistics
import sys

folder, rounds = sys.argv[1], int(sys.argv[2])


def load(name):
    with open(f"{folder}/{name}") as f:
        return json.load(f)


def scenarios(report):
    return {s.get("name"): s for s in report.get("scenarios", [])}


def lab_row(scenario):
    for row in scenario.get("rows", []):
        if row.get("row") == "raw-sqlite":
            return row
    return None


def spread(values, form):
    return form.format(min(values)) + "–" + form.format(max(values))


names = ["point-read", "import"]
table = {name: {"ratio": [], "c": [], "lab": []} for name in names}
mismatches = []
for r in range(1, rounds + 1):
    c, lab = scenarios(load(f"c-{r}.json")), scenarios(load(f"lab-{r}.json"))
    for name in names:
        row = lab_row(lab.get(name, {}))
        throughput = (row or {}).get("throughput") or {}
        if name not in c or "median" not in throughput:
            sys.exit(f"bench-limit: round {r}: no {name} throughput from {'C' if name not in c else 'the lab'}")
        c_median, lab_median = c[name]["throughput"]["median"], throughput["median"]
        table[name]["c"].append(c_median)
        table[name]["lab"].append(lab_median)
        table[name]["ratio"].append(lab_median / c_median)
        reference = lab[name].get("reference_checksum")
        if reference is not None and reference != c[name].get("checksum"):
            mismatches.append(f"{name}: C wrote {c[name].get('checksum')}, the lab's reference is {reference}")

print()
print(f"raw-sqlite ÷ C, {rounds} interleaved rounds (each round: median of 5 runs of each)")
print(f"{'scenario':<12}{'ratio median':>14}{'min–max':>16}   {'C ops/s (min–max)':<26}{'raw-sqlite ops/s (min–max)'}")
for name in names:
    t = table[name]
    ratio, c_range, lab_range = t["ratio"], spread(t["c"], "{:.0f}"), spread(t["lab"], "{:.0f}")
    print(f"{name:<12}{statistics.median(ratio):>14.2f}{spread(ratio, '{:.2f}'):>16}   {c_range:<26}{lab_range}")
print("per round:", "; ".join(f"{n} " + " ".join(f"{x:.2f}" for x in table[n]["ratio"]) for n in names))
if mismatches:
    print("bench-limit: warning: the C program and the lab did not write the same data:")
    for line in sorted(set(mismatches)):
        print("  " + line)
else:
    print("Same data: the C program's content checksums equal the lab's reference checksums.")
PYTHON
