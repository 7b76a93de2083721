#!/bin/bash
# Instructions per shoppers keystroke, whole server process, under callgrind (valgrind): the
# steadiest figure on a shared machine, where req/s moves by a third. `cardform serve` (release)
# runs under callgrind; one wrk connection per shopper (16) types whole forms with
# bench/shoppers.lua; after WARM requests (default 1500: the memos are warm) the counters are
# zeroed, 1,200 more requests are counted, and the total is divided by the requests libmicrohttpd
# completed as callgrind itself counted them (log lines lag behind). `make bench` runs it too (~3 min).
# Usage: sh bench/callgrind.sh [OUTDIR]   (knobs: OURS, WARM, CACHE_SIM, BARE; the load is fixed:
# one wrk thread, 16 connections and sessions, so figures compare across runs). Annotate the result
# with `callgrind_annotate --inclusive=yes OUTDIR/cg.out.1`.
#   CACHE_SIM=1  also simulates the caches (valgrind's model of this CPU's L1 and last level) and
#                prints L1 instruction and data misses per request: instruction counts miss that
#                a request running through much distinct code waits on fetching it.
#   BARE=1       then measures the bare C server (bench/bare_server.c, answering 388 bytes, the
#                shoppers' mean) the same way, under the same requests, and prints its figures too.
set -eu
cd "$(dirname "$0")/.."
. bench/lib/listening.sh
. bench/lib/prelude.sh
require bench/callgrind.sh valgrind "make bench-deps"
require bench/callgrind.sh wrk "make bench-deps"
OUT=${1:-$(mktemp -d)}
OURS=${OURS:-.build/release/cardform}
WARM=${WARM:-1500}
CACHE_SIM=${CACHE_SIM:-0}
BARE=${BARE:-0}
case $WARM in ''|*[!0-9]*) echo "bench/callgrind.sh: WARM must be a number of requests, not '$WARM'" >&2; exit 2 ;; esac
for knob in "CACHE_SIM=$CACHE_SIM" "BARE=$BARE"; do
  case ${knob#*=} in 0|1) ;; *) echo "bench/callgrind.sh: ${knob%%=*} must be 0 or 1, not '${knob#*=}'" >&2; exit 2 ;; esac
done
VALGRIND="valgrind --tool=callgrind"
[ "$CACHE_SIM" = 0 ] || VALGRIND="$VALGRIND --cache-sim=yes"
mkdir -p "$OUT"
build_ours
export CARDFORM_SECRET_KEY=sk_bench_$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
export THREADS=1 CONNECTIONS=16 SESSIONS=16 SHOPPER_ORIGINS=1 BENCH_THREADS=1
# A fixed hash seed: with Swift's per-process random seed, dictionary probes differ from run to
# run and so does the count (about ±0.3 k per page render), as much as a small change saves.
SWIFT_DETERMINISTIC_HASHING=1 $VALGRIND --callgrind-out-file="$OUT/cg.out" "$OURS" serve --port 0 > "$OUT/server.out" 2> "$OUT/valgrind.err" &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
open_sessions bench/callgrind.sh "$OUT/server.out" "$OUT/valgrind.err"
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
# report NAME PROFILE REQUESTS: instructions (and, with CACHE_SIM=1, L1 misses) per request.
report() {
  events=Ir
  [ "$CACHE_SIM" = 0 ] || events=Ir,I1mr,D1mr,D1mw
  totals=$(callgrind_annotate --show=$events "$2" 2>/dev/null | sed -n 's/ *([0-9. ]*%)//g; s/^ *\([0-9, ]*\) *PROGRAM TOTALS.*/\1/p' | tr -d ,)
  set -- "$1" "$2" "$3" $totals
  # Every memset in the process, printed apart: nearly all of it is libmicrohttpd zeroing its
  # connection pool after each request (the bare server pays the same), so what the server's own
  # code costs is seen beside it.
  zeroing=$(callgrind_annotate --threshold=100 --show=Ir "$2" 2>/dev/null | sed -n 's/^ *\([0-9,]*\) .*:__memset_[a-z0-9_]* .*/\1/p' | tr -d , | awk '{ s += $1 } END { print s + 0 }')
  line="$1: requests $3  instructions $4  per request $(($4 / $3)) (memset $((zeroing / $3)))"
  [ "$CACHE_SIM" = 0 ] || line="$line  L1 misses per request: instruction $((${5:-0} / $3)), data read $((${6:-0} / $3)), data write $((${7:-0} / $3))"
  echo "$line  profile $2"
}
profile="$OUT/cg.out.1"
n=$(/usr/bin/python3 bench/callgrind_calls.py "$profile" 'cmhdEndRequest.*FTo$')
report ours "$profile" "$n"
[ "$BARE" = 1 ] || exit 0

# The bare server under the same requests, in time windows (it logs no lines to count): 3 s to
# warm up, then 5 s counted, divided by the requests it answered in them (one MHD_queue_response
# each). The counted window includes the 16 connections' opening and closing (~1 % of it).
mkdir -p .build/bench
# shellcheck disable=SC2046
gcc -O2 -g -o .build/bench/bare_server bench/bare_server.c $(pkg-config --cflags --libs libmicrohttpd)
$VALGRIND --callgrind-out-file="$OUT/bare.out" .build/bench/bare_server 0 388 > "$OUT/bare.server.out" 2> "$OUT/bare.valgrind.err" &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
url=$(listening_url "$OUT/bare.server.out")
[ -n "$url" ] || { echo "bench/callgrind.sh: the bare server did not start" >&2; cat "$OUT/bare.valgrind.err" >&2; exit 1; }
wrk -t1 -c16 -d3s -s bench/shoppers.lua "$url$path" > "$OUT/bare.warm.txt"
callgrind_control -z $pid > /dev/null
wrk -t1 -c16 -d5s -s bench/shoppers.lua "$url$path" > "$OUT/bare.wrk.txt"
callgrind_control -d $pid > /dev/null
kill $pid
wait $pid 2>/dev/null || true
trap - EXIT
report bare "$OUT/bare.out.1" "$(/usr/bin/python3 bench/callgrind_calls.py "$OUT/bare.out.1" '^MHD_queue_response$')"
