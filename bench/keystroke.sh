#!/bin/sh
# Browser-measured keystroke round trip (p50/p95) in headless Chromium: see bench/keystroke.py.
set -eu
cd "$(dirname "$0")/.."
[ -x .build/release/cardform ] || swift build -c release --product cardform
exec /usr/bin/python3 bench/keystroke.py --binary .build/release/cardform "$@"
