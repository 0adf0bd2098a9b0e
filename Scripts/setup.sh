#!/usr/bin/env bash
# Installs what the lab needs, only when it is missing: the two C libraries it links,
# libsqlite3-dev (the store) and libjemalloc-dev (the allocation and leak meters), and
# bubblewrap, the sandbox a workshop check runs the learner's code in.
set -euo pipefail

packages=(libsqlite3-dev libjemalloc-dev bubblewrap)

if ! command -v dpkg-query >/dev/null 2>&1; then
    # Not Debian or Ubuntu: say what is needed, and let the build tell if it is missing.
    if [[ "$(uname -s)" == "Darwin" ]]; then
        echo "setup: macOS ships SQLite; for the allocation meters: brew install jemalloc"
        echo "setup: macOS has no bubblewrap: a workshop check runs the learner's code without a sandbox, and says so"
    else
        echo "setup: install the development packages of sqlite3 and jemalloc, and bubblewrap, with your package manager"
    fi
    exit 0
fi

missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "setup: installing ${missing[*]}"
if [[ "$(id -u)" -eq 0 ]]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
    echo "setup: these packages are missing; install them with:" >&2
    echo "    sudo apt-get install -y ${missing[*]}" >&2
    exit 1
fi
