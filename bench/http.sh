#!/bin/sh
# HTTP figures: wrk against `cardform serve` (release build) and, in the same run, against a bare C
# libmicrohttpd server with the same threading answering a constant ~300-byte fragment. Prints
# req/s, p50 and p99 latency, server CPU time per request for each (and its user part: the system
# part, one recv and one send per request, is about the same for both), and the throughput ratio
# ours/bare. On a small machine wrk competes with the servers for cores, and a shared host's
# neighbours come and go: so the two are measured in alternating rounds, each on freshly started
# servers, and the figures reported are each one's median over the rounds (every round's are
# printed too). "wrk CPU" is the load generator's own CPU time per request (user + system): it
# shares the cores with the server, so an answer that costs it more lowers that server's figure.
#
# Knobs (environment):
#   BENCH_PATH      request path on both servers        (default /healthz)
#   BENCH_SCRIPT    wrk Lua script setting method, headers and body, e.g. bench/input.lua
#                   for `POST /s/<id>/input` (default: none, plain GET)
#   BENCH_SETUP     command run once ours is up, with its base URL as argument; prints the path
#                   to use on line 1 and, optionally, a form token on line 2 (exported as
#                   CARDFORM_TOKEN for bench/input.lua). E.g. a script that creates a session
#                   with POST /api/sessions and prints /s/<id>/input and the token. Its whole
#                   output is also left in the file named by CARDFORM_BENCH_SETUP (bench/input.sh
#                   uses bench/input_setup.py, which lists many sessions there).
# Lines the wrk script prints starting with "note: " are shown under the figures; a note
# "mean answer N bytes" is reported per server (median over the rounds).
#   BARE_MATCH_BODY when 1, the bare server answers as many bytes as ours answered on average in
#                   the same round (ours is measured first), rather than its ~300-byte fragment
#   BARE_MATCH_HEADERS when 1, the bare server's answers also carry the headers ours' fragment
#                   answers carry, with the same values, so the load generator reads the same
#                   header list from both (bench/shoppers.sh; 0 by default)
#   OURS            the cardform binary (default .build/release/cardform, rebuilt first so that it is never
#                   stale, however the path is spelled; any other binary is measured as it is)
#   TARGET_RATIO, TARGET_P99, TARGET_BYTES
#                   when set, a last line per target says whether the medians meet it: throughput
#                   ours/bare at least TARGET_RATIO, p99 ours/bare at most TARGET_P99, mean answer
#                   at most TARGET_BYTES
#   DURATION (10s)  CONNECTIONS (8)  THREADS (1: leave the cores to the servers)  ROUNDS (3)
# The wrk script sees THREADS as BENCH_THREADS (a thread learns its own number in setup()).
# Run by bash where there is one: dash now and then misses a child's exit while a server runs in
# the background and waits for ever (seen under load), which would hang `make bench`.
if [ -z "${BASH_VERSION:-}" ] && command -v bash >/dev/null 2>&1; then exec bash "$0" "$@"; fi
set -eu
cd "$(dirname "$0")/.."
. bench/lib/listening.sh
DURATION=${DURATION:-10s}
ROUNDS=${ROUNDS:-3}
CONNECTIONS=${CONNECTIONS:-8}
THREADS=${THREADS:-1}
BENCH_PATH=${BENCH_PATH:-/healthz}
BENCH_SCRIPT=${BENCH_SCRIPT:-}
BENCH_SETUP=${BENCH_SETUP:-}
BARE_MATCH_BODY=${BARE_MATCH_BODY:-0}
BARE_MATCH_HEADERS=${BARE_MATCH_HEADERS:-0}
for knob in "BARE_MATCH_BODY=$BARE_MATCH_BODY" "BARE_MATCH_HEADERS=$BARE_MATCH_HEADERS"; do
  case ${knob#*=} in 0|1) ;; *) echo "bench/http.sh: ${knob%%=*} must be 0 or 1, not '${knob#*=}'" >&2; exit 2 ;; esac
done
for knob in "ROUNDS=$ROUNDS" "CONNECTIONS=$CONNECTIONS" "THREADS=$THREADS"; do
  case ${knob#*=} in ''|*[!0-9]*|0) echo "bench/http.sh: ${knob%%=*} must be a positive whole number, not '${knob#*=}'" >&2; exit 2 ;; esac
done
TARGET_RATIO=${TARGET_RATIO:-} TARGET_P99=${TARGET_P99:-} TARGET_BYTES=${TARGET_BYTES:-}
OURS=${OURS:-.build/release/cardform}
BENCH_THREADS=$THREADS
export BENCH_THREADS
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
# Built every time (incremental: seconds when nothing changed), so a stale binary is never measured;
# compared as resolved paths, so `./.build/release/cardform` or an absolute path to it rebuilds too.
# Any other binary (a "before" build kept elsewhere) is measured as it is.
[ "$(realpath -m "$OURS")" != "$(realpath -m .build/release/cardform)" ] || swift build -c release --product cardform >&2
mkdir -p .build/bench
# shellcheck disable=SC2046
gcc -O2 -o "$BARE" bench/bare_server.c $(pkg-config --cflags --libs libmicrohttpd)

# start NAME COMMAND...: runs a server on a free port and waits for its "listening on URL" line;
# sets `url` and `pid`. Not called in $(...): the pid must reach PIDS in this shell for cleanup.
start() {
  name=$1; shift
  # Removed first: the last round's file would otherwise show its URL until the new server writes.
  rm -f "$WORK/$name.out"
  "$@" > "$WORK/$name.out" 2>&1 &
  pid=$!
  PIDS="$PIDS $pid"
  url=$(listening_url "$WORK/$name.out")
  [ -n "$url" ] && return 0
  echo "bench/http.sh: $name did not start:" >&2; cat "$WORK/$name.out" >&2; exit 1
}

# cpu PID: clock ticks the process has used so far, user and system ("U S").
cpu() { awk '{ print $14, $15 }' "/proc/$1/stat"; }

# measure NAME URL PID: runs wrk and prints "NAME req/s p50 p99 non-2xx cpu-µs-per-request
# mean-answer-bytes wrk-cpu-µs-per-request user-cpu-µs-per-request" (mean-answer-bytes is 0 when
# the wrk script does not report it; the server's system CPU is the difference of the two).
measure() {
  before=$(cpu "$3")
  if [ -n "$BENCH_SCRIPT" ]; then
    /usr/bin/time -f "%U %S" -o "$WORK/$1.time" wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$BENCH_SCRIPT" "$2" > "$WORK/$1.wrk"
  else
    /usr/bin/time -f "%U %S" -o "$WORK/$1.time" wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$2" > "$WORK/$1.wrk"
  fi
  after=$(cpu "$3")
  awk -v name="$1" -v before="$before" -v after="$after" -v hz="$(getconf CLK_TCK)" -v client="$(cat "$WORK/$1.time")" '
    function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
    /requests in/ { total = $1 }
    /Requests\/sec/ { rps = $2 }
    $1 == "50%" { p50 = ms($2) }
    $1 == "99%" { p99 = ms($2) }
    /Non-2xx/ { bad = $NF }
    /^note: mean answer [0-9]+ bytes/ { bytes = $4 }
    END {
      split(client, c, " "); split(before, b, " "); split(after, a, " ")
      user = a[1] - b[1]; ticks = user + a[2] - b[2]
      printf "%s %.0f %.3f %.3f %s %.2f %d %.2f %.2f\n", name, rps, p50, p99, (bad == "" ? 0 : bad), ticks * 1e6 / hz / total, bytes, (c[1] + c[2]) * 1e6 / total, user * 1e6 / hz / total
    }
  ' "$WORK/$1.wrk"
}

# stop PID: stops one server and waits for it.
stop() { kill -TERM "$1" 2>/dev/null || true; wait "$1" 2>/dev/null || true; }

target=${BENCH_SETUP:+paths from $BENCH_SETUP}
echo "wrk: $THREADS thread(s), $CONNECTIONS connections, $DURATION each, $ROUNDS rounds; ${BENCH_SCRIPT:-GET} ${target:-$BENCH_PATH}"
: > "$WORK/rounds"
round=1
while [ "$round" -le "$ROUNDS" ]; do
  # Fresh servers every round: sessions a round has typed into would skew the next.
  # wrk opens all its connections from 127.0.0.1, past the 64 a client address may hold by default.
  start ours env CARDFORM_LIMITS_CONNECTIONS_PER_ADDRESS=$((CONNECTIONS + 64)) "$OURS" serve --port 0
  ours_url=$url ours_pid=$pid
  path=$BENCH_PATH
  if [ -n "$BENCH_SETUP" ]; then
    $BENCH_SETUP "$ours_url" > "$WORK/setup"
    path=$(sed -n 1p "$WORK/setup")
    CARDFORM_TOKEN=$(sed -n 2p "$WORK/setup")
    CARDFORM_BENCH_SETUP="$WORK/setup"
    export CARDFORM_TOKEN CARDFORM_BENCH_SETUP
  fi
  measure ours "$ours_url$path" "$ours_pid" >> "$WORK/rounds"
  stop "$ours_pid"
  body_bytes=""
  [ "$BARE_MATCH_BODY" = 1 ] && body_bytes=$(tail -n 1 "$WORK/rounds" | awk '{ print $7 }')
  [ "$BARE_MATCH_HEADERS" = 1 ] && body_bytes="${body_bytes:--} headers"
  # shellcheck disable=SC2086
  start bare "$BARE" 0 $body_bytes
  measure bare "$url$path" "$pid" >> "$WORK/rounds"
  stop "$pid"
  round=$((round + 1))
done
awk '
  function line(name, rps, p50, p99, cpu, bad, bytes, client, user) {
    return sprintf("%-6s %8.0f req/s   p50 %7.3f ms   p99 %7.3f ms   server CPU %5.2f µs/req (user %5.2f)   wrk CPU %5.2f µs/req   non-2xx %s%s", name, rps, p50, p99, cpu, user, client, bad,
      bytes > 0 ? sprintf("   mean answer %d B", bytes) : "")
  }
  function median(list, n,   i, j, t, v) {
    for (i = 1; i <= n; i++) v[i] = list[i]
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
    return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
  }
  {
    k = ++count[$1]
    rps[$1, k] = $2; p50[$1, k] = $3; p99[$1, k] = $4; bad[$1] += $5; cpu[$1, k] = $6; bytes[$1, k] = $7; client[$1, k] = $8; user[$1, k] = $9
    if ($1 == "bare") printf "round %d: ours %6.0f req/s %6.2f µs/req (user %5.2f), bare %6.0f req/s %5.2f µs/req (user %5.2f), ratio %.2f\n", k, rps["ours", k], cpu["ours", k], user["ours", k], $2, $6, $9, rps["ours", k] / $2
  }
  END {
    for (s = 0; s < 2; s++) {
      name = s ? "bare" : "ours"; n = count[name]
      for (i = 1; i <= n; i++) { a[i] = rps[name, i]; b[i] = p50[name, i]; c[i] = p99[name, i]; d[i] = cpu[name, i]; e[i] = bytes[name, i]; w[i] = client[name, i]; u[i] = user[name, i]; r[i] = rps["ours", i] / rps["bare", i] }
      m[name] = median(a, n); q[name] = median(c, n)
      print line(name " (median)", m[name], median(b, n), median(c, n), median(d, n), bad[name], median(e, n), median(w, n), median(u, n))
    }
    printf "ratio ours/bare: %.2f (median of the rounds: %.2f); p99 ours/bare: %.1f\n", m["ours"] / m["bare"], median(r, count["bare"]), q["ours"] / q["bare"]
    n = count["ours"]
    for (i = 1; i <= n; i++) e[i] = bytes["ours", i]
    if (target_ratio != "") verdict("throughput ours/bare (median of rounds)", sprintf("%.2f", median(r, count["bare"])), ">=", target_ratio)
    if (target_p99 != "") verdict("p99 ours/bare", sprintf("%.1f", q["ours"] / q["bare"]), "<=", target_p99)
    if (target_bytes != "") verdict("mean answer bytes per keystroke", sprintf("%d", median(e, n)), "<=", target_bytes)
  }
  function verdict(what, value, op, limit) {
    met = op == ">=" ? value + 0 >= limit + 0 : value + 0 <= limit + 0
    printf "target: %-40s %8s %s %-6s %s\n", what, value, op, limit, met ? "met" : "NOT MET"
  }' target_ratio="$TARGET_RATIO" target_p99="$TARGET_P99" target_bytes="$TARGET_BYTES" "$WORK/rounds"
sed -n 's/^note: /ours (last round): /p' "$WORK/ours.wrk"
sed -n 's/^note: /bare (last round): /p' "$WORK/bare.wrk"
