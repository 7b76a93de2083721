#!/bin/sh
# Shoppers typing whole forms: bench/http.sh against `POST /s/<id>/input` (and `/network`) with
# wrk's 2 threads and 64 connections, each connection's keystrokes going to its own session (64
# sessions opened through the API, each page opened once for its token and page id). Every shopper
# types card number, expiry, CVV and name key by key with focus and blur, picks the network of a
# co-badged card, then clears the fields, and starts over with the next test card (see
# bench/shoppers.lua). The bare C server gets the same requests from the same script and answers as
# many bytes as ours did on average in the same round.
# Targets (issue 15): ratio ours/bare >= 0.7, p99 <= 5x bare's, mean answer <= 400 bytes.
set -eu
cd "$(dirname "$0")/.."
CARDFORM_SECRET_KEY=${CARDFORM_SECRET_KEY:-sk_bench_$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-64}
SESSIONS=$CONNECTIONS
SHOPPER_ORIGINS=1
BARE_MATCH_BODY=1
TARGET_RATIO=${TARGET_RATIO:-0.7}
TARGET_P99=${TARGET_P99:-5}
TARGET_BYTES=${TARGET_BYTES:-400}
export CARDFORM_SECRET_KEY THREADS CONNECTIONS SESSIONS SHOPPER_ORIGINS BARE_MATCH_BODY TARGET_RATIO TARGET_P99 TARGET_BYTES
echo "shoppers: $CONNECTIONS shoppers typing whole forms"
BENCH_SETUP="/usr/bin/python3 bench/input_setup.py" BENCH_SCRIPT=bench/shoppers.lua exec sh bench/http.sh
