#!/usr/bin/python3
"""Browser tests for cardform: `run.py --binary .build/debug/cardform [-k PATTERN] [-v]`.

Starts two servers on free ports with a generated secret key (the product as shipped, and one with
`--dev` for the demo page), runs every `test_*.py` here in headless Chromium, stops the servers,
prints one line per test and a summary, and exits 1 on any failure, error or unexpected success.
Screenshots, server logs and failure artifacts go to Tests/Browser/artifacts/.
"""

import argparse
import os
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import support  # noqa: E402


class Result(unittest.TextTestResult):
    """Records each test's outcome for the summary and saves the browser's state on failure."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.outcomes = []
        self.started = 0.0

    def startTest(self, test):
        self.started = time.monotonic()
        super().startTest(test)

    def _record(self, test, outcome, detail=""):
        self.outcomes.append((outcome, test.id(), time.monotonic() - self.started, detail))

    def _save(self, test):
        driver = getattr(test, "driver", None)
        if driver is not None:
            support.save_artifacts(driver, "failed-" + test.id().replace(".", "-"))

    def addSuccess(self, test):
        super().addSuccess(test)
        self._record(test, "PASS")

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._save(test)
        self._record(test, "FAIL", str(err[1]).splitlines()[0] if str(err[1]) else err[0].__name__)

    def addError(self, test, err):
        super().addError(test, err)
        self._save(test)
        self._record(test, "ERROR", "%s: %s" % (err[0].__name__, (str(err[1]).splitlines() or [""])[0]))

    def addExpectedFailure(self, test, err):
        super().addExpectedFailure(test, err)
        name = type(test).__qualname__ + "." + test._testMethodName
        self._record(test, "XFAIL", support.KNOWN_BUGS.get(name, ""))

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self._record(test, "XPASS", "marked as a known server bug but passes: remove the mark")

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._record(test, "SKIP", reason)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True, help="the cardform executable to test")
    parser.add_argument("-k", dest="patterns", action="append", default=[],
                        help="only tests whose name contains this (repeatable)")
    parser.add_argument("-v", "--verbose", action="store_true", help="unittest's own verbose output too")
    args = parser.parse_args()

    binary = os.path.abspath(args.binary)
    if not os.access(binary, os.X_OK):
        print("run.py: %s is not an executable (build it with `swift build`)" % binary, file=sys.stderr)
        return 2
    for tool in (support.CHROMIUM, support.CHROMEDRIVER):
        if not os.access(tool, os.X_OK):
            print("run.py: %s is missing (make test-deps installs chromium and chromium-driver)" % tool, file=sys.stderr)
            return 2
    problem = support.install_axe()
    if problem:
        print("run.py: %s" % problem, file=sys.stderr)
        return 2
    os.makedirs(support.ARTIFACTS, exist_ok=True)
    for stale in os.listdir(support.ARTIFACTS):
        if stale.startswith("failed-") or stale == "axe-results.txt":
            os.remove(os.path.join(support.ARTIFACTS, stale))

    loader = unittest.TestLoader()
    if args.patterns:
        loader.testNamePatterns = ["*%s*" % pattern for pattern in args.patterns]
    suite = loader.discover(os.path.dirname(os.path.abspath(__file__)), pattern="test_*.py")

    servers = [support.Server(binary, "main"), support.Server(binary, "dev", dev=True)]
    started = time.monotonic()
    try:
        for server in servers:
            server.start()
            support.SERVERS[server.name] = server
            print("browser tests: %s server at %s" % (server.name, server.url))
        runner = unittest.TextTestRunner(
            stream=sys.stdout if args.verbose else open(os.devnull, "w"),
            verbosity=2 if args.verbose else 0, resultclass=Result)
        result = runner.run(suite)
    finally:
        for server in servers:
            server.stop()

    return summarise(result, time.monotonic() - started)


def summarise(result, elapsed):
    print()
    for outcome, name, seconds, detail in result.outcomes:
        line = "%-5s %-95s %5.1fs" % (outcome, name, seconds)
        print(line + ("\n      " + detail if detail and outcome != "PASS" else ""))
    for kind, problems in (("FAIL", result.failures), ("ERROR", result.errors)):
        for test, trace in problems:
            print("\n==== %s %s\n%s" % (kind, test.id(), trace))
    counts = {}
    for outcome, *_ in result.outcomes:
        counts[outcome] = counts.get(outcome, 0) + 1
    order = ("PASS", "FAIL", "ERROR", "XFAIL", "XPASS", "SKIP")
    print("\nbrowser tests: %d run in %.0fs — %s" % (
        result.testsRun, elapsed, ", ".join("%d %s" % (counts[o], o.lower()) for o in order if counts.get(o))))
    print("artifacts: %s" % support.ARTIFACTS)
    ok = not result.failures and not result.errors and not result.unexpectedSuccesses and result.testsRun > 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
