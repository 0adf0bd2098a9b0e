#!/usr/bin/env bash
# The ceiling of parallel reads on this machine, in C: Benchmarks/Limit/sqlite_limit.c with
# --list-read. It reads lists of 1, 10, 100 and 1,000 titles (list-read's operation:
# the count and the first titles by identifier, in one read transaction) on one read-only
# connection and on CONNECTIONS at once (4 by default, list-read's clients), interleaved
# over ROUNDS rounds (5 by default), and prints the ratio per size: the most a pool of
# readers can win over one connection used in turn when nothing around SQLite costs anything.
#
# Environment: ROUNDS, CONNECTIONS, SIZES (default 1,10,100,1000), CC (default cc).
set -euo pipefail

cd "$(dirname "$0")/.."

cc="${CC:-cc}"
limit_dir=.build/limit
mkdir -p "$limit_dir"
"$cc" -O2 -std=c11 -Wall -Wextra -pthread -o "$limit_dir/sqlite_limit" Benchmarks/Limit/sqlite_limit.c -lsqlite3 -lm
echo "read-ceiling: $(nproc) cores"
"$limit_dir/sqlite_limit" --list-read "${SIZES:-1,10,100,1000}" --connections "${CONNECTIONS:-4}" --runs "${ROUNDS:-5}"
