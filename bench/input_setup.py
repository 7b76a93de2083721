#!/usr/bin/python3
"""BENCH_SETUP for bench/input.sh: opens SESSIONS (default 64) real sessions on the server at argv[1].

For each: `POST /api/sessions` with the secret key (CARDFORM_SECRET_KEY), then `GET /s/<id>` to get
the page's form token and page id, as a browser would. Prints what bench/http.sh expects (line 1
the path to benchmark, line 2 a form token) and then one line per session, `<id> <token> <page>`,
which bench/input.lua reads to spread the keystrokes over all sessions.

With SHOPPER_ORIGINS=1 (bench/shoppers.sh), session N (from 0) allows the origin
`https://shopper-N.example` to frame it, so every answer's Content-Security-Policy names it, and
its line ends with N: `<id> <token> <page> <N>` (see bench/shoppers.lua).
"""

import json
import os
import re
import sys
import urllib.request


def open_session(base, key, shopper=None):
    options = {"amount": 2499, "currency": "EUR"}
    if shopper is not None:
        options["allowedOrigins"] = ["https://shopper-%d.example" % shopper]
    body = json.dumps(options).encode()
    request = urllib.request.Request(base + "/api/sessions", data=body, headers={
        "Authorization": "Bearer " + key, "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        session = json.load(response)
    with urllib.request.urlopen(base + session["url"]) as response:
        page = response.read().decode()
    token = re.search(r'name="_token" value="([^"]+)"', page).group(1)
    page_id = re.search(r'name="_page" value="([^"]+)"', page).group(1)
    opened = (session["id"], token, page_id)
    return opened if shopper is None else opened + (str(shopper),)


def main():
    base = sys.argv[1].rstrip("/")
    key = os.environ.get("CARDFORM_SECRET_KEY")
    if not key:
        sys.exit("input_setup.py: CARDFORM_SECRET_KEY is not set (bench/input.sh sets it)")
    shoppers = os.environ.get("SHOPPER_ORIGINS") == "1"
    count = int(os.environ.get("SESSIONS", "64"))
    sessions = [open_session(base, key, n if shoppers else None) for n in range(count)]
    print("/s/%s/input" % sessions[0][0])
    print(sessions[0][1])
    for session in sessions:
        print(" ".join(session))


if __name__ == "__main__":
    main()
