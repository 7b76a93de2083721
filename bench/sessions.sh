#!/bin/sh
# Capacity: the memory an idle session costs in the in-memory store, and the sweep over them all.
# Starts `cardform serve` (release) with maxSessions = SESSIONS (default 1,000,000), creates that
# many sessions through `POST /api/sessions` (wrk, until the store answers full), then reads the
# server's resident memory (VmRSS of /proc/<pid>/status) against what it held before, and waits
# for the sweeper's next pass over all of them (`cardform_sweep_duration_seconds` on /metrics; it
# passes every 30 s at the default idle time). Target (issue 13): <= 2 KB per idle session.
if [ -z "${BASH_VERSION:-}" ] && command -v bash >/dev/null 2>&1; then exec bash "$0" "$@"; fi
set -eu
cd "$(dirname "$0")/.."
SESSIONS=${SESSIONS:-1000000}
OURS=${OURS:-.build/release/cardform}
PORT=${PORT:-$(( 20000 + $$ % 10000 ))}
CARDFORM_SECRET_KEY=sk_bench_$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
export CARDFORM_SECRET_KEY
[ -x "$OURS" ] || swift build -c release --product cardform >/dev/null
LOG=$(mktemp)
CARDFORM_MAX_SESSIONS=$SESSIONS "$OURS" serve --host 127.0.0.1 --port "$PORT" >"$LOG" 2>&1 &
PID=$!
trap 'kill -TERM $PID 2>/dev/null || true; wait $PID 2>/dev/null || true; rm -f "$LOG"' EXIT
BASE=http://127.0.0.1:$PORT
for _ in $(seq 100); do curl -sf "$BASE/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
metric() {
  curl -sf -H "Authorization: Bearer $CARDFORM_SECRET_KEY" "$BASE/metrics" | awk -v name="$1" '$1 == name { print $2 }'
}
rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$PID/status"; }
# A few sessions first, so what every session shares (catalogs, renderers) is counted before.
wrk -t1 -c1 -d1s -s bench/sessions.lua "$BASE" >/dev/null
before_kb=$(rss_kb)
before_open=$(metric cardform_sessions_open)
started=$(date +%s)
while [ "$(metric cardform_sessions_open)" -lt "$SESSIONS" ]; do
  wrk -t2 -c32 -d10s -s bench/sessions.lua "$BASE" >/dev/null
done
created_in=$(( $(date +%s) - started ))
after_kb=$(rss_kb)
open=$(metric cardform_sessions_open)
per_session=$(( (after_kb - before_kb) * 1024 / (open - before_open) ))
echo "sessions: $open idle sessions (created in ${created_in}s): RSS $((before_kb / 1024)) MB -> $((after_kb / 1024)) MB, $per_session bytes per idle session (target <= 2048)"
swept_before=$(metric cardform_sweeps_total)
for _ in $(seq 90); do
  [ "$(metric cardform_sweeps_total)" != "$swept_before" ] && break
  sleep 1
done
echo "sessions: a sweep over $open sessions took $(metric cardform_sweep_duration_seconds) s"
