#!/bin/sh
# Where keystroke answers' bytes go (issue 15): one shopper of bench/shoppers.lua types every card
# once into `cardform serve` (release build), its answers are dumped (SHOPPERS_DUMP) and
# bench/answers.py prints them per block. Not part of `make bench`'s figures: run it alone.
set -eu
cd "$(dirname "$0")/.."
. bench/lib/listening.sh
OURS=${OURS:-.build/release/cardform}
[ -x "$OURS" ] || swift build -c release --product cardform
WORK=$(mktemp -d)
CARDFORM_SECRET_KEY=sk_bench_$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
export CARDFORM_SECRET_KEY
"$OURS" serve --port 0 > "$WORK/out" 2>&1 &
pid=$!
trap 'kill -TERM $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$WORK"' EXIT INT TERM
url=$(listening_url "$WORK/out")
[ -n "$url" ] || { echo "bench/answers.sh: cardform did not start:" >&2; cat "$WORK/out" >&2; exit 1; }
SESSIONS=1 SHOPPER_ORIGINS=1 /usr/bin/python3 bench/input_setup.py "$url" > "$WORK/setup"
CARDFORM_BENCH_SETUP="$WORK/setup" SHOPPERS_DUMP="$WORK/dump" BENCH_THREADS=1 \
  wrk -t1 -c1 -d"${DURATION:-3s}" -s bench/shoppers.lua "$url$(sed -n 1p "$WORK/setup")" > /dev/null
/usr/bin/python3 bench/answers.py "$WORK/dump"
[ -z "${KEEP:-}" ] || cp "$WORK/dump" "$KEEP"
