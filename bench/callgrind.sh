#!/bin/bash
# Instructions per shoppers keystroke, whole server process, under callgrind (valgrind): the
# steadiest figure on a shared machine, where req/s moves by a third. `cardform serve` (release)
# runs under callgrind; one wrk connection per shopper (16) types whole forms with
# bench/shoppers.lua; after WARM requests (default 1500: the memos are warm) the counters are
# zeroed, 1,200 more requests are counted, and the total is divided by the requests libmicrohttpd
# completed as callgrind itself counted them (log lines lag behind). `make bench` runs it too (~3 min).
# Usage: sh bench/callgrind.sh [OUTDIR]   (knobs: OURS, WARM; the load is fixed: one wrk thread,
# 16 connections and sessions, so figures compare across runs). Annotate the result with
# `callgrind_annotate --inclusive=yes OUTDIR/cg.out.1`.
set -eu
cd "$(dirname "$0")/.."
. bench/lib/listening.sh
command -v valgrind >/dev/null || { echo "bench/callgrind.sh: valgrind is not installed (make bench-deps)" >&2; exit 1; }
command -v wrk >/dev/null || { echo "bench/callgrind.sh: wrk is not installed (make bench-deps)" >&2; exit 1; }
OUT=${1:-$(mktemp -d)}
OURS=${OURS:-.build/release/cardform}
WARM=${WARM:-1500}
case $WARM in ''|*[!0-9]*) echo "bench/callgrind.sh: WARM must be a number of requests, not '$WARM'" >&2; exit 2 ;; esac
mkdir -p "$OUT"
[ "$(realpath -m "$OURS")" != "$(realpath -m .build/release/cardform)" ] || swift build -c release --product cardform >&2
export CARDFORM_SECRET_KEY=sk_bench_$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
export THREADS=1 CONNECTIONS=16 SESSIONS=16 SHOPPER_ORIGINS=1 BENCH_THREADS=1
# A fixed hash seed: with Swift's per-process random seed, dictionary probes differ from run to
# run and so does the count (about ±0.3 k per page render), as much as a small change saves.
SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$OUT/cg.out" "$OURS" serve --port 0 > "$OUT/server.out" 2> "$OUT/valgrind.err" &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
url=$(listening_url "$OUT/server.out")
[ -n "$url" ] || { echo "bench/callgrind.sh: the server did not start" >&2; cat "$OUT/valgrind.err" >&2; exit 1; }
/usr/bin/python3 bench/input_setup.py "$url" > "$OUT/setup"
path=$(sed -n 1p "$OUT/setup")
export CARDFORM_TOKEN=$(sed -n 2p "$OUT/setup") CARDFORM_BENCH_SETUP="$OUT/setup"
requests() { grep -c '"route"' "$OUT/server.out" || true; }
start=$(requests)
STOP_AFTER=$((WARM + 1400)) wrk -t1 -c16 -d600s -s bench/callgrind.lua "$url$path" > "$OUT/wrk.txt" &
wrk_pid=$!
trap 'kill $pid $wrk_pid 2>/dev/null || true' EXIT
# wait_for N: until the server has logged N requests; a server or wrk that stopped first ends the
# run (wrk gives up at its -d), rather than leaving `make bench` waiting for ever.
wait_for() {
  while [ "$(requests)" -lt "$1" ]; do
    if ! kill -0 $pid 2>/dev/null || ! kill -0 $wrk_pid 2>/dev/null; then
      echo "bench/callgrind.sh: the server or wrk stopped after $(($(requests) - start)) requests (see $OUT)" >&2
      exit 1
    fi
    sleep 0.2
  done
}
wait_for $((start + WARM))
callgrind_control -z $pid > /dev/null
wait_for $((start + WARM + 1200))
callgrind_control -d $pid > /dev/null
kill $wrk_pid 2>/dev/null || true
wait $wrk_pid 2>/dev/null || true
kill $pid
wait $pid 2>/dev/null || true
trap - EXIT
profile="$OUT/cg.out.1"
n=$(/usr/bin/python3 bench/callgrind_calls.py "$profile" 'cmhdEndRequest.*FTo$')
total=$(callgrind_annotate "$profile" 2>/dev/null | sed -n 's/^ *\([0-9,]*\) .*PROGRAM TOTALS.*/\1/p' | tr -d ,)
echo "requests $n  instructions $total  per request $((total / n))  profile $profile"
