#!/bin/sh
# Keystroke throughput: bench/http.sh against `POST /s/<id>/input` on 64 real sessions (created
# through the API, each page opened once for its token and page id), each keystroke a real edit of
# the card number carrying the revision the last answer gave (see bench/input.lua), against the
# bare C server answering a constant fragment. Target (issue 15): ratio ours/bare >= 0.7.
set -eu
cd "$(dirname "$0")/.."
CARDFORM_SECRET_KEY=${CARDFORM_SECRET_KEY:-sk_bench_$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')}
TARGET_RATIO=${TARGET_RATIO:-0.7}
export CARDFORM_SECRET_KEY TARGET_RATIO
BENCH_SETUP="/usr/bin/python3 bench/input_setup.py" BENCH_SCRIPT=bench/input.lua exec sh bench/http.sh
