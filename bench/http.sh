#!/bin/sh
# HTTP figures: wrk against `cardform serve` (release build) and, in the same run, against a bare C
# libmicrohttpd server with the same threading answering a constant ~300-byte fragment. Prints
# req/s, p50 and p99 latency for each and the throughput ratio ours/bare.
#
# Knobs (environment):
#   BENCH_PATH      request path on both servers        (default /healthz)
#   BENCH_SCRIPT    wrk Lua script setting method, headers and body, e.g. bench/input.lua
#                   for `POST /s/<id>/input` (default: none, plain GET)
#   BENCH_SETUP     command printing the path to use, run once ours is up with its base URL as
#                   argument (e.g. a script that creates a session and prints /s/<id>/input)
#   DURATION (10s)  CONNECTIONS (8)  THREADS (1: leave the cores to the servers)
set -eu
cd "$(dirname "$0")/.."
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-8}
THREADS=${THREADS:-1}
BENCH_PATH=${BENCH_PATH:-/healthz}
BENCH_SCRIPT=${BENCH_SCRIPT:-}
BENCH_SETUP=${BENCH_SETUP:-}
OURS=.build/release/cardform
BARE=.build/bench/bare_server
WORK=$(mktemp -d)
PIDS=""

cleanup() {
  for pid in $PIDS; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in $PIDS; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

command -v wrk >/dev/null || { echo "bench/http.sh: wrk is not installed (make bench-deps)" >&2; exit 1; }
[ -x "$OURS" ] || swift build -c release --product cardform
mkdir -p .build/bench
# shellcheck disable=SC2046
gcc -O2 -o "$BARE" bench/bare_server.c $(pkg-config --cflags --libs libmicrohttpd)

# start NAME COMMAND...: runs a server on a free port, waits for its "listening on URL" line,
# records its pid and prints the URL.
start() {
  name=$1; shift
  "$@" > "$WORK/$name.out" 2>&1 &
  PIDS="$PIDS $!"
  for _ in $(seq 1 200); do
    url=$(sed -n 's/.*listening on \(http:[^ ]*\).*/\1/p' "$WORK/$name.out")
    [ -n "$url" ] && { echo "$url"; return 0; }
    sleep 0.05
  done
  echo "bench/http.sh: $name did not start:" >&2; cat "$WORK/$name.out" >&2; exit 1
}

# measure NAME URL: runs wrk and prints "NAME req/s p50 p99" (latencies in ms).
measure() {
  set -- "$1" "$2"
  if [ -n "$BENCH_SCRIPT" ]; then
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$BENCH_SCRIPT" "$2" > "$WORK/$1.wrk"
  else
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$2" > "$WORK/$1.wrk"
  fi
  awk -v name="$1" '
    function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
    /Requests\/sec/ { rps = $2 }
    $1 == "50%" { p50 = ms($2) }
    $1 == "99%" { p99 = ms($2) }
    /Non-2xx/ { bad = $NF }
    END { printf "%s %.0f %.3f %.3f %s\n", name, rps, p50, p99, (bad == "" ? 0 : bad) }
  ' "$WORK/$1.wrk"
}

ours_url=$(start ours "$OURS" serve --port 0)
bare_url=$(start bare "$BARE" 0)
path=$BENCH_PATH
[ -n "$BENCH_SETUP" ] && path=$($BENCH_SETUP "$ours_url")

echo "wrk: $THREADS thread(s), $CONNECTIONS connections, $DURATION each; ${BENCH_SCRIPT:-GET} $path"
ours=$(measure ours "$ours_url$path")
bare=$(measure bare "$bare_url$path")
printf '%s\n%s\n' "$ours" "$bare" | awk '
  { rps[$1] = $2; line[NR] = sprintf("%-6s %10.0f req/s   p50 %8.3f ms   p99 %8.3f ms   non-2xx %s", $1, $2, $3, $4, $5) }
  END { print line[1]; print line[2]; printf "ratio ours/bare: %.2f\n", rps["ours"] / rps["bare"] }'
