#!/bin/sh
# In-process figures: template rendering, engine updates (see Benchmarks/).
set -eu
cd "$(dirname "$0")/.."
.build/release/Benchmarks "$@"
