#!/bin/sh
# Keystroke throughput with the Redis session store beside the in-memory one, in the same run:
# shoppers typing whole forms (bench/shoppers.sh: focus, every digit, blur, network picks, errors,
# clearing; 64 sessions) against `cardform serve` with sessions in memory, then with
# CARDFORM_STORE_URL pointing at a throwaway redis-server (a temporary folder, nothing persisted).
# The whole form is what the store pays for: every event reads and writes the record, not only the
# one-digit fast path (SCENARIO=input runs bench/input.sh instead). Prints both runs' figures and
# the ratio redis/memory of ours' median req/s (goal, issue 13: >= 0.5), and redis-server's CPU
# per Redis keystroke beside ours (it shares the cores).
# Knobs: SCENARIO (shoppers), REDIS_VIA (tcp: redis://127.0.0.1:PORT; socket: the same server's
# Unix socket, redis+unix:///…/redis.sock, for a Redis on the same host), SHOPPERS (bench/shoppers.sh: SHOPPERS=2560 types at human pace, so a
# session's writes are seconds apart, not milliseconds), and those of bench/http.sh (ROUNDS,
# DURATION, CONNECTIONS...).
if [ -z "${BASH_VERSION:-}" ] && command -v bash >/dev/null 2>&1; then exec bash "$0" "$@"; fi
set -eu
cd "$(dirname "$0")/.."
SCENARIO=${SCENARIO:-shoppers}
[ -f "bench/$SCENARIO.sh" ] || { echo "bench/store.sh: no scenario bench/$SCENARIO.sh" >&2; exit 2; }
REDIS_VIA=${REDIS_VIA:-tcp}
case $REDIS_VIA in tcp|socket) ;; *) echo "bench/store.sh: REDIS_VIA must be tcp or socket, not '$REDIS_VIA'" >&2; exit 2 ;; esac
command -v redis-server >/dev/null || { echo "bench/store.sh: redis-server is not installed (make bench-deps)" >&2; exit 1; }
WORK=$(mktemp -d)
REDIS_PID=""
cleanup() {
  [ -n "$REDIS_PID" ] && { kill -TERM "$REDIS_PID" 2>/dev/null || true; wait "$REDIS_PID" 2>/dev/null || true; }
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

# A free port below the ephemeral range, as the tests take theirs.
PORT=$(/usr/bin/python3 -c '
import random, socket
for _ in range(200):
    port = random.randrange(20000, 30000)
    s = socket.socket()
    try:
        s.bind(("127.0.0.1", port)); print(port); break
    except OSError: pass
    finally: s.close()')
redis-server --port "$PORT" --bind 127.0.0.1 --unixsocket "$WORK/redis.sock" --unixsocketperm 700 \
  --save "" --appendonly no --dir "$WORK" --daemonize no > "$WORK/redis.log" 2>&1 &
REDIS_PID=$!
for _ in $(seq 1 100); do redis-cli -p "$PORT" ping >/dev/null 2>&1 && break; sleep 0.05; done

echo "== sessions in memory"
env -u CARDFORM_STORE_URL -u CARDFORM_STORE_KEY sh "bench/$SCENARIO.sh" | tee "$WORK/memory"
# redis-server's CPU seconds so far (user + system, as it counts them: microsecond precision).
redis_cpu() { redis-cli -p "$PORT" info cpu | tr -d '\r' | awk -F: '/^used_cpu_(sys|user):/ { s += $2 } END { printf "%.6f\n", s }'; }
STORE_URL="redis://127.0.0.1:$PORT/0"
[ "$REDIS_VIA" = socket ] && STORE_URL="redis+unix://$WORK/redis.sock?db=0"
echo "== sessions in Redis ($STORE_URL, sealed with a throwaway store.key)"
redis_before=$(redis_cpu)
CARDFORM_STORE_URL="$STORE_URL" CARDFORM_STORE_KEY=$(od -An -N32 -tx1 /dev/urandom | tr -d ' \n') \
  sh "bench/$SCENARIO.sh" | tee "$WORK/redis"
redis_after=$(redis_cpu)
# redis-server runs on the same cores as the server, so its CPU per keystroke counts as much as
# ours: its time over the Redis half (the bare server's rounds leave it idle) divided by the
# keystrokes ours answered there (each round's req/s times its DURATION).
sed -n 's/^round [0-9]*: ours *\([0-9]*\) req\/s *\([0-9.]*\) .*/\1 \2/p' "$WORK/redis" |
  awk -v before="$redis_before" -v after="$redis_after" -v duration="${DURATION:-10s}" '
    BEGIN {
      seconds = duration + 0
      if (duration ~ /m$/) seconds *= 60
      if (duration ~ /h$/) seconds *= 3600
    }
    { keystrokes += $1 * seconds; ours += $1 * seconds * $2 }
    END {
      if (keystrokes == 0) exit
      printf "redis-server CPU %.2f µs per Redis keystroke (ours %.2f; both %.2f)\n", (after - before) * 1e6 / keystrokes, ours / keystrokes,
        (after - before) * 1e6 / keystrokes + ours / keystrokes
    }'
memory=$(sed -n 's/^ours (median) *\([0-9]*\) req\/s.*/\1/p' "$WORK/memory")
redis=$(sed -n 's/^ours (median) *\([0-9]*\) req\/s.*/\1/p' "$WORK/redis")
awk -v m="$memory" -v r="$redis" 'BEGIN { printf "keystrokes/s: memory %d, redis %d; ratio redis/memory %.2f (goal >= 0.5)\n", m, r, (m > 0 ? r / m : 0) }'
