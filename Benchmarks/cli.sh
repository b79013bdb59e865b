#!/usr/bin/env bash
# Times the release binary end to end (`farkle-sim --games N`) with hyperfine, and sets its roll rate
# against the bare draw-and-lookup loop of the benchmarks (the ceiling for a simulator that must at
# least draw every roll and look it up).
#
# Usage: Benchmarks/cli.sh [games]        (default 1000000; RUNS=n sets hyperfine's runs, default 5)
# Prints a Markdown summary on stdout; hyperfine's own table goes to stderr.
set -euo pipefail

games="${1:-1000000}"
runs="${RUNS:-5}"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if ! command -v hyperfine >/dev/null; then
    echo "Installing hyperfine..." >&2
    apt-get install -y hyperfine >&2 || { apt-get update >&2 && apt-get install -y hyperfine >&2; }
fi

echo "Building farkle-sim in release mode..." >&2
swift build --package-path "$root" -c release --product farkle-sim >&2
binary="$root/.build/release/farkle-sim"

# End to end: process start, tables, solver, games, output.
hyperfine --warmup 1 --runs "$runs" --export-json "$work/hyperfine.json" \
    "$binary --games $games" >&2
median="$(jq '.results[0].median' "$work/hyperfine.json")"
stddev="$(jq '.results[0].stddev' "$work/hyperfine.json")"

# Rolls in those games: the simulator's own count, same seed, same games.
"$binary" --games "$games" --format csv >"$work/run.csv"
rolls="$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "rolls") column = i } NR == 2 { print $column }' \
    "$work/run.csv")"

# The bare loop: draw-and-lookup benchmark, 1,000,000 draws per iteration, median wall clock in microseconds.
echo "Running the draw-and-lookup benchmark..." >&2
(cd "$root/Benchmarks" && swift package benchmark --no-progress --filter "Draw and lookup.*" \
    --format markdown --metric wallClock) >"$work/bare.md" 2>&2
bare_us="$(awk -F'|' '/Time \(wall clock\)/ { gsub(/ /, "", $5); print $5; exit }' "$work/bare.md")"

awk -v games="$games" -v median="$median" -v stddev="$stddev" -v rolls="$rolls" -v bare_us="$bare_us" \
    -v cores="$(nproc)" 'BEGIN {
    rolls_per_second = rolls / median
    bare_per_second = 1000000 / (bare_us / 1000000)
    printf "| Figure | Value |\n|---|---:|\n"
    printf "| `farkle-sim --games %d`, median of hyperfine runs | %.3f s (± %.3f s) |\n", games, median, stddev
    printf "| Games per second, end to end | %.0f |\n", games / median
    printf "| Rolls in those games | %d |\n", rolls
    printf "| Rolls per second, end to end (%d cores) | %.0f |\n", cores, rolls_per_second
    printf "| Bare draw-and-lookup loop, 1 thread | %.0f rolls/s |\n", bare_per_second
    printf "| End-to-end rate / bare loop rate | %.2f |\n", rolls_per_second / bare_per_second
    printf "| End-to-end rate per core / bare loop rate (like for like) | %.2f |\n", \
        rolls_per_second / cores / bare_per_second
}'
