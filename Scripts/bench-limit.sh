#!/usr/bin/env bash
# Compares the raw-sqlite row with the database's own limit: Benchmarks/Limit/sqlite_limit.c,
# the row's SQL in C. Builds both (the C program with the system compiler, the lab in
# release), runs them interleaved (C, C with a thread, lab, C, ...; ROUNDS of each, 5 by
# default) on the point-read and import scenarios, and prints raw-sqlite ÷ C per scenario:
# the median of the rounds' ratios, with min and max, for throughput (wall time) and for
# CPU time per operation (user + system, which a busy machine disturbs less).
#
# Two limits: C alone (one thread), and C with one idle thread (`--idle-thread`), the shape
# of every Swift concurrency process. A second thread makes each descriptor system call
# dearer (the kernel's single-threaded fast path is gone), and SQLite locks with `fcntl`
# twice per read, so the second limit is the one the row can reach; the first is printed
# beside it, so that the price of the threads is seen too.
#
# Each run does SCALE times lab bench's default operations (5 by default: 50,000 point
# reads, 1,000 import batches), so that a run lasts long enough for a timer tick or a
# neighbour's burst not to decide its speed.
#
# Environment: ROUNDS (default 5), SCALE (default 5), CC (default cc), SWIFT (default
# swift), LAB (a lab binary to use instead of building one). Anything else, MALLOC_CONF
# included, reaches the lab process as it is (the C program does not use jemalloc).
set -euo pipefail

cd "$(dirname "$0")/.."

rounds="${ROUNDS:-5}"
scale="${SCALE:-5}"
cc="${CC:-cc}"
swift="${SWIFT:-swift}"
limit_dir=.build/limit
limit="$limit_dir/sqlite_limit"

if ! command -v python3 >/dev/null 2>&1; then
    echo "bench-limit: python3 is needed to read the JSON reports" >&2
    exit 1
fi

mkdir -p "$limit_dir"
"$cc" -O2 -std=c11 -Wall -Wextra -pthread -o "$limit" Benchmarks/Limit/sqlite_limit.c -lsqlite3 -lm

lab="${LAB:-}"
if [[ -z "$lab" ]]; then
    "$swift" build --configuration release --product lab
    lab="$("$swift" build --configuration release --show-bin-path)/lab"
fi

results="$(mktemp -d)"
trap 'rm -rf "$results"' EXIT

point_reads=$((10000 * scale))
imports=$((200 * scale))
malloc_conf="${MALLOC_CONF:-unset, so the defaults of jemalloc}"
echo "bench-limit: $rounds rounds, C then lab each round, $point_reads point reads and $imports import batches a run; MALLOC_CONF for the lab: $malloc_conf"
for round in $(seq 1 "$rounds"); do
    echo "bench-limit: round $round/$rounds"
    "$limit" --scenario point-read --operations "$point_reads" --format json > "$results/c-point-read-$round.json"
    "$limit" --scenario point-read --operations "$point_reads" --idle-thread --format json \
        > "$results/c2-point-read-$round.json"
    "$lab" bench --row raw-sqlite --scenario point-read --operations "$point_reads" --no-meters \
        --no-progress --format json > "$results/lab-point-read-$round.json"
    "$limit" --scenario import --operations "$imports" --format json > "$results/c-import-$round.json"
    "$limit" --scenario import --operations "$imports" --idle-thread --format json > "$results/c2-import-$round.json"
    "$lab" bench --row raw-sqlite --scenario import --operations "$imports" --no-meters \
        --no-progress --format json > "$results/lab-import-$round.json"
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
limits = [("c2", "C, 2 threads"), ("c", "C, 1 thread")]
table = {(name, c): {"ratio": [], "cpu_ratio": [], "c": [], "lab": []} for name in names for c, _ in limits}
mismatches = []
for r in range(1, rounds + 1):
    for name in names:
        lab = scenarios(load(f"lab-{name}-{r}.json"))
        row = lab_row(lab.get(name, {}))
        throughput = (row or {}).get("throughput") or {}
        cpu = (row or {}).get("cpu_us_per_op") or {}
        if "median" not in throughput or "median" not in cpu:
            sys.exit(f"bench-limit: round {r}: no {name} throughput from the lab")
        for limit, _ in limits:
            c = scenarios(load(f"{limit}-{name}-{r}.json"))
            if name not in c:
                sys.exit(f"bench-limit: round {r}: no {name} throughput from the C program")
            t = table[(name, limit)]
            c_median, lab_median = c[name]["throughput"]["median"], throughput["median"]
            t["c"].append(c_median)
            t["lab"].append(lab_median)
            t["ratio"].append(lab_median / c_median)
            # CPU per operation: C's over the lab's, so that above 1 still means the lab is faster.
            t["cpu_ratio"].append(c[name]["cpu_us_per_op"]["median"] / cpu["median"])
            reference = lab[name].get("reference_checksum")
            if reference is not None and reference != c[name].get("checksum"):
                mismatches.append(f"{name}: C wrote {c[name].get('checksum')}, the lab's reference is {reference}")

print()
print(f"raw-sqlite ÷ C, {rounds} interleaved rounds (each round: median of 5 runs of each)")
print(f"{'scenario':<12}{'limit':<15}{'ops/s ratio':>12}{'min–max':>12}{'cpu ratio':>11}{'min–max':>12}   {'C ops/s (min–max)':<22}{'raw-sqlite ops/s (min–max)'}")
for name in names:
    for limit, label in limits:
        t = table[(name, limit)]
        ratio, cpu_ratio = t["ratio"], t["cpu_ratio"]
        c_range, lab_range = spread(t["c"], "{:.0f}"), spread(t["lab"], "{:.0f}")
        print(f"{name:<12}{label:<15}{statistics.median(ratio):>12.2f}{spread(ratio, '{:.2f}'):>12}"
              f"{statistics.median(cpu_ratio):>11.2f}{spread(cpu_ratio, '{:.2f}'):>12}   {c_range:<22}{lab_range}")
print("per round (ops/s ratio to C, 2 threads):", "; ".join(
    f"{n} " + " ".join(f"{x:.2f}" for x in table[(n, "c2")]["ratio"]) for n in names))
print("C, 2 threads: the C program with one idle thread, the shape of every Swift concurrency process;")
print("C, 1 thread: the C program alone. cpu ratio: C's CPU µs per operation ÷ raw-sqlite's (user + system),")
print("so above 1 also means raw-sqlite is faster.")
if mismatches:
    print("bench-limit: warning: the C program and the lab did not write the same data:")
    for line in sorted(set(mismatches)):
        print("  " + line)
else:
    print("Same data: the C program's content checksums equal the lab's reference checksums.")
PYTHON
