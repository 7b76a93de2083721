#!/bin/bash
# A native profile of `cardform serve` under the shoppers load (not run by `make bench`): perf
# samples the server's CPU (cpu-clock, user and kernel, with call chains) while wrk types whole
# forms into 64 sessions, as bench/shoppers.sh does. Instruction counts (bench/callgrind.sh) miss
# what costs cycles without instructions: cache misses, atomic reference counting, lines that the
# two worker threads write in turn. Proportions hold on a busy machine; times do not.
# Usage: bash bench/lib/perf_profile.sh [OUTDIR]   (OURS=binary, default the release build)
# Read: perf report -i OUTDIR/perf.data --no-children --sort dso,sym --stdio -g none
set -eu
cd "$(dirname "$0")/../.."
. bench/lib/listening.sh
. bench/lib/prelude.sh
require bench/lib/perf_profile.sh perf "apt-get install linux-perf"
require bench/lib/perf_profile.sh wrk "make bench-deps"
OUT=${1:-$(mktemp -d)}
OURS=${OURS:-.build/release/cardform}
mkdir -p "$OUT"
build_ours
export CARDFORM_SECRET_KEY=sk_bench_$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
export BENCH_THREADS=2 SESSIONS=64 SHOPPER_ORIGINS=1
CARDFORM_LIMITS_CONNECTIONS_PER_ADDRESS=128 "$OURS" serve --port 0 > "$OUT/server.out" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
open_sessions bench/lib/perf_profile.sh "$OUT/server.out" "$OUT/server.out"
wrk -t2 -c64 -d14s --latency -s bench/shoppers.lua "$url$path" > "$OUT/wrk.txt" &
wrk_pid=$!
# Sampled after the first seconds, once the memos are warm.
sleep 3
perf record -e cpu-clock -F 4000 -g -p $pid -o "$OUT/perf.data" -- sleep 8 > "$OUT/perf.log" 2>&1
wait $wrk_pid
grep -E "Requests/sec" "$OUT/wrk.txt"
echo "profile: $OUT/perf.data (perf report -i $OUT/perf.data --no-children --sort dso,sym --stdio -g none)"
