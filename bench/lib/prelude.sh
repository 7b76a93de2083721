# Sourced by the bench scripts that run `cardform serve` themselves (callgrind.sh,
# lib/perf_profile.sh): what each checked and did before it starts, written once.

# require SCRIPT TOOL HINT: stops SCRIPT, saying how to get TOOL, when it is not installed.
require() {
  command -v "$2" >/dev/null || { echo "$1: $2 is not installed ($3)" >&2; exit 1; }
}

# build_ours: builds the release server when OURS names it (a binary named elsewhere is measured
# as it is).
build_ours() {
  [ "$(realpath -m "$OURS")" != "$(realpath -m .build/release/cardform)" ] || swift build -c release --product cardform >&2
}

# open_sessions SCRIPT OUTPUT ERRORS: waits for the server writing OUTPUT to listen (ERRORS is
# shown if it never does), opens the shoppers' sessions on it (bench/input_setup.py, into
# $OUT/setup), and sets url, path, CARDFORM_TOKEN and CARDFORM_BENCH_SETUP for the wrk scripts.
open_sessions() {
  url=$(listening_url "$2")
  [ -n "$url" ] || { echo "$1: the server did not start" >&2; cat "$3" >&2; exit 1; }
  /usr/bin/python3 bench/input_setup.py "$url" > "$OUT/setup"
  path=$(sed -n 1p "$OUT/setup")
  CARDFORM_TOKEN=$(sed -n 2p "$OUT/setup")
  CARDFORM_BENCH_SETUP="$OUT/setup"
  export CARDFORM_TOKEN CARDFORM_BENCH_SETUP
}
