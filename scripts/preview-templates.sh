#!/bin/sh
# Renders the gallery (every block in every state, from real sessions) and screenshots it in
# headless Chromium. For designers and for reviewing the default look: look at the PNG. The pages'
# accessibility hooks are checked by `make test` (PageHooksTests), on the same sessions.
#
#   scripts/preview-templates.sh
#
# Environment: OUT (default /tmp/cardform-preview), WIDTH (480), HEIGHT (6000), DARK=1 for the dark
# scheme, TEMPLATES (default Templates), CARDFORM (default .build/debug/cardform).
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${OUT:-/tmp/cardform-preview}
WIDTH=${WIDTH:-480}
HEIGHT=${HEIGHT:-6000}
TEMPLATES=${TEMPLATES:-$ROOT/Templates}
CARDFORM=${CARDFORM:-$ROOT/.build/debug/cardform}
mkdir -p "$OUT"

if [ ! -x "$CARDFORM" ]; then
  echo "preview: $CARDFORM missing; run 'swift build' first" >&2
  exit 1
fi

SUFFIX=
FLAGS=
if [ "${DARK:-0}" = 1 ]; then SUFFIX=-dark; FLAGS=--force-dark-mode; fi

"$CARDFORM" gallery --out "$OUT/gallery" --templates "$TEMPLATES"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --virtual-time-budget=3000 $FLAGS \
  --window-size="$WIDTH,$HEIGHT" --screenshot="$OUT/gallery$SUFFIX.png" "file://$OUT/gallery/gallery.html" \
  > /dev/null 2>&1
echo "$OUT/gallery$SUFFIX.png"
