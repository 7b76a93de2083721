#!/bin/sh
# Renders the template fixtures to HTML, checks each page's accessibility hooks, and screenshots
# it in headless Chromium. For designers and for reviewing the default look: look at the PNGs.
#
#   scripts/preview-templates.sh [FIXTURE...]        (default: every fixture)
#
# Environment: OUT (default /tmp/cardform-preview), WIDTH (480), HEIGHT (900), DARK=1 for the dark
# scheme, NOSCRIPT=1 to view pages as a browser without JavaScript does (needs python3-selenium),
# TEMPLATES (default Templates), CARDFORM (default .build/debug/cardform).
# Fixture asset URLs (/assets/...) are pointed at Public/ so the page loads the real stylesheet.
# Checks: no duplicate ids, a <label for> per control, aria-describedby targets exist, a name and
# an autocomplete token per field control, an empty CVV value, no inline style or script.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${OUT:-/tmp/cardform-preview}
WIDTH=${WIDTH:-480}
HEIGHT=${HEIGHT:-900}
TEMPLATES=${TEMPLATES:-$ROOT/Templates}
CARDFORM=${CARDFORM:-$ROOT/.build/debug/cardform}
FIXTURES=$ROOT/Tests/CardFormAppTests/TemplateFixtures
PYTHON=/usr/bin/python3
mkdir -p "$OUT"

if [ ! -x "$CARDFORM" ]; then
  echo "preview: $CARDFORM missing; run 'swift build' first" >&2
  exit 1
fi
[ $# -eq 0 ] && set -- "$FIXTURES"/*.json

SUFFIX=
FLAGS=
if [ "${DARK:-0}" = 1 ]; then SUFFIX=-dark; FLAGS=--force-dark-mode; fi
if [ "${NOSCRIPT:-0}" = 1 ]; then SUFFIX=$SUFFIX-noscript; fi

status=0
for fixture in "$@"; do
  case $fixture in */*) ;; *) fixture=$FIXTURES/$fixture ;; esac
  case $fixture in *.json) ;; *) fixture=$fixture.json ;; esac
  name=$(basename "$fixture" .json)
  template=page
  case $name in unavailable*) template=unavailable ;; esac
  sed "s#\"/assets/#\"file://$ROOT/Public/#g" "$fixture" > "$OUT/$name.data.json"
  "$CARDFORM" render "$template" --templates "$TEMPLATES" --data "$OUT/$name.data.json" > "$OUT/$name.html"
  "$PYTHON" - "$OUT/$name.html" <<'PY' || status=1
import sys
from html.parser import HTMLParser
VOID = {"input", "select", "textarea"}
class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.labels, self.controls, self.described, self.problems = [], set(), [], [], []
        self.in_script = False
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a: self.ids.append(a["id"])
        if "style" in a: self.problems.append(f"inline style on <{tag}>")
        if tag == "style": self.problems.append("a <style> element")
        if tag == "script" and "src" not in a: self.problems.append("an inline <script>")
        if tag == "label" and "for" in a: self.labels.add(a["for"])
        if "aria-describedby" in a: self.described += a["aria-describedby"].split()
        if tag in VOID and a.get("type") != "hidden": self.controls.append(a)
path = sys.argv[1]
page = Page(); page.feed(open(path, encoding="utf-8").read())
problems = page.problems
seen = set()
for i in page.ids:
    if i in seen: problems.append(f"duplicate id {i}")
    seen.add(i)
for c in page.controls:
    if c.get("id") not in page.labels: problems.append(f"control {c.get('name')} has no <label for>")
    if not c.get("name"): problems.append(f"control {c.get('id')} has no name")
    if c.get("name") != "cardNetwork" and not c.get("autocomplete"):
        problems.append(f"control {c.get('name')} has no autocomplete")
    if c.get("name") == "cvv" and c.get("value"): problems.append("the CVV renders a value")
for d in page.described:
    if d not in seen: problems.append(f"aria-describedby points at missing #{d}")
for p in problems: print(f"{path}: error: {p}", file=sys.stderr)
sys.exit(1 if problems else 0)
PY
  if [ "${NOSCRIPT:-0}" = 1 ]; then
    "$PYTHON" - "file://$OUT/$name.html" "$OUT/$name$SUFFIX.png" "$WIDTH" "$HEIGHT" <<'PY'
import sys, time
from selenium import webdriver
url, png, width, height = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
options = webdriver.ChromeOptions()
for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", f"--window-size={width},{height}"):
    options.add_argument(flag)
options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
driver = webdriver.Chrome(options=options)
try:
    driver.get(url)
    time.sleep(0.5)  # let entrance animations finish
    driver.save_screenshot(png)
finally:
    driver.quit()
PY
  else
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --virtual-time-budget=3000 $FLAGS \
      --window-size="$WIDTH,$HEIGHT" --screenshot="$OUT/$name$SUFFIX.png" "file://$OUT/$name.html" \
      > /dev/null 2>&1
  fi
  echo "$OUT/$name$SUFFIX.png"
done
exit $status
