#!/usr/bin/python3
"""Browser-measured keystroke round trip: `keystroke.py [--binary PATH] [--keys N] [--pace MS]`.

Starts `cardform serve` (release build by default) on a free port, opens a session's form in
headless Chromium and types card numbers into it, key by key, with real key events. For every
digit it measures, inside the page, from the `input` event to the moment the server's answer to the
first request that carried that digit has been applied to the page (the page script's fetch
resolved, its body read, its blocks morphed in). Two runs:

  paced   one key every --pace ms (default 120 ms, a brisk typist), so most keys find no request
          in flight: the figure a shopper feels per key;
  burst   every key of a number at once, as fast as WebDriver sends them, so keys queue behind the
          request in flight and coalesce: the worst case.

Prints p50/p95/max for each, plus the request alone (fetch start to applied) and the server's
share from Resource Timing (request sent to first byte) and the page's (answer read to applied,
including the wait for the next task). Numbers only, no pass/fail.
"""

import argparse
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))
import support  # noqa: E402  (the browser tests' server, Chromium and page instrumentation)

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

NUMBERS = ["4242424242424242", "5555555555554444", "4000002500001001", "378282246310005"]

# Per /input request: when it left, when its answer was applied, and Resource Timing's view of it.
COLLECT = r"""
var cf = window.__cf, since = arguments[0];
var timing = performance.getEntriesByType("resource").filter(function (e) { return /\/input$/.test(e.name); });
return {
  inputs: cf.inputs.filter(function (i) { return i.at >= since && i.name === "cardNumber"; }).map(function (i) { return i.at; }),
  requests: cf.requests.filter(function (r) { return r.start >= since && /\/input$/.test(r.url); })
    .map(function (r) { return [r.start, r.end, r.read || null]; }),
  server: timing.filter(function (e) { return e.startTime >= since && e.responseStart > 0; })
    .map(function (e) { return e.responseStart - e.requestStart; }),
};
"""


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def summary(label, values):
    if not values:
        return "%-34s no samples" % label
    return "%-34s p50 %6.1f ms   p95 %6.1f ms   max %6.1f ms   (n=%d)" % (
        label, percentile(values, 0.5), percentile(values, 0.95), max(values), len(values))


def keystroke_latencies(sample):
    """For each digit's input event, the time until the answer to the first request that left
    after it (and so carried it) was applied."""
    requests = sorted(r[:2] for r in sample["requests"] if r[1] is not None)
    latencies = []
    for typed in sample["inputs"]:
        carrier = next((r for r in requests if r[0] >= typed), None)
        if carrier is not None:
            latencies.append(carrier[1] - typed)
    return latencies


class Bench:
    def __init__(self, server, driver):
        self.server = server
        self.driver = driver

    def idle(self):
        support.wait_until(lambda: self.driver.execute_script("return window.__cf.pending === 0"),
                           lambda: "requests still in flight")

    def open(self):
        session = self.server.create_session(amount=2499, currency="EUR",
                                             orderedAllowedCardNetworks=["CARTES_BANCAIRES", "VISA", "MASTERCARD", "AMEX"])
        self.driver.get(self.server.url + session["url"])
        self.idle()
        self.driver.execute_script("performance.setResourceTimingBufferSize(100000)")
        self.field = self.driver.find_element(By.NAME, "cardNumber")
        self.field.click()
        self.idle()

    def clear(self):
        ActionChains(self.driver).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).send_keys(Keys.BACKSPACE).perform()
        self.idle()

    def run(self, keys, pace_ms):
        """Types at least `keys` digits; returns the samples measured."""
        merged = {"inputs": [], "requests": [], "server": []}
        latencies, typed = [], 0
        self.open()
        while typed < keys:
            for number in NUMBERS:
                since = self.driver.execute_script("return performance.now()")
                if pace_ms:
                    chain = ActionChains(self.driver)
                    for digit in number:
                        chain.send_keys(digit).pause(pace_ms / 1000.0)
                    chain.perform()
                else:
                    ActionChains(self.driver).send_keys(number).perform()
                self.idle()
                sample = self.driver.execute_script(COLLECT, since)
                latencies += keystroke_latencies(sample)
                merged["requests"] += sample["requests"]
                merged["server"] += sample["server"]
                typed += len(number)
                self.clear()
                if typed >= keys:
                    break
        round_trips = [end - start for start, end, _ in merged["requests"] if end is not None]
        applying = [end - read for _, end, read in merged["requests"] if end is not None and read is not None]
        return latencies, round_trips, applying, merged["server"], typed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "cardform"))
    parser.add_argument("--keys", type=int, default=96, help="digits typed per run (default 96)")
    parser.add_argument("--pace", type=float, default=120, help="ms between keys in the paced run (default 120)")
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        sys.exit("keystroke.py: %s is missing (swift build -c release)" % args.binary)

    os.makedirs(support.ARTIFACTS, exist_ok=True)
    server = support.Server(os.path.abspath(args.binary), "bench").start()
    driver = support.make_driver()
    try:
        bench = Bench(server, driver)
        bench.run(16, 0)  # warm up: Chromium's first layout and fetches, the server's caches
        print("browser keystroke round trip (headless Chromium, %s)" % os.path.relpath(args.binary, ROOT))
        for label, pace in (("paced, one key every %g ms" % args.pace, args.pace), ("burst, no pause between keys", 0)):
            started = time.monotonic()
            latencies, round_trips, applying, server_times, typed = bench.run(args.keys, pace)
            print("%s: %d digits, %d requests, %.1fs" % (label, typed, len(round_trips), time.monotonic() - started))
            print("  " + summary("keystroke -> answer applied", latencies))
            print("  " + summary("request: fetch -> applied", round_trips))
            print("  " + summary("server: request sent -> 1st byte", server_times))
            print("  " + summary("page: answer read -> applied", applying))
    finally:
        driver.quit()
        server.stop()


if __name__ == "__main__":
    main()
