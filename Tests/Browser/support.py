"""Shared pieces of the browser tests: the server under test, Chromium, and waiting helpers.

The tests drive a real `cardform serve` with headless Chromium through Debian's python3-selenium.
Nothing here sleeps for a fixed time: every wait polls for the state the test expects, with a
generous timeout (the suite must pass on a loaded 2-core machine).
"""

import json
import os
import queue
import re
import secrets
import subprocess
import threading
import time
import unittest
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

HERE = os.path.dirname(os.path.abspath(__file__))
ARTIFACTS = os.path.join(HERE, "artifacts")
CHROMIUM = os.environ.get("CARDFORM_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CARDFORM_CHROMEDRIVER", "/usr/bin/chromedriver")
# Long on purpose: a loaded 2-core machine compiling Swift next door can stall a page for seconds.
TIMEOUT = float(os.environ.get("CARDFORM_BROWSER_TIMEOUT", "30"))

# axe-core, the accessibility checker, as PyPI's axe-core-python bundles it (axe-core 4.4.3):
# installed at test time into the build folder, never copied into the repository.
AXE_PACKAGE = "axe-core-python==0.1.0"
AXE_DIR = os.path.join(HERE, "..", "..", ".build", "axe-core")
AXE_SCRIPT = os.path.join(AXE_DIR, "axe_core_python", "axe.min.js")


def install_axe():
    """Installs axe-core-python into .build/axe-core unless it is there; None, or what went wrong."""
    if os.path.exists(AXE_SCRIPT):
        return None
    command = ["/usr/bin/python3", "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps",
               "--target", AXE_DIR, AXE_PACKAGE]
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if done.returncode != 0 or not os.path.exists(AXE_SCRIPT):
        return "could not install %s (%s):\n%s" % (AXE_PACKAGE, " ".join(command), done.stdout)
    return None


# Installed in every frame before the page's own scripts (CDP): see instrument.js.
with open(os.path.join(HERE, "instrument.js")) as _source:
    INSTRUMENT = _source.read()


class Server:
    """`cardform serve` on a free port, with a fresh secret key; its output goes to a log file."""

    LISTENING = re.compile(r"listening on (http://\S+)")

    def __init__(self, binary, name, dev=False):
        self.binary = binary
        self.name = name
        self.dev = dev
        self.secret_key = "sk_test_" + secrets.token_hex(16)
        self.process = None
        self.url = None
        self.log_path = os.path.join(ARTIFACTS, "server-%s.log" % name)

    def start(self):
        args = [self.binary, "serve", "--port", "0", "--host", "127.0.0.1"] + (["--dev"] if self.dev else [])
        env = dict(os.environ, CARDFORM_SECRET_KEY=self.secret_key)
        self.process = subprocess.Popen(
            args, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
        lines = queue.Queue()
        threading.Thread(target=self._drain, args=(lines,), daemon=True).start()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                line = lines.get(timeout=0.5)
            except queue.Empty:
                if self.process.poll() is not None:
                    break
                continue
            match = self.LISTENING.search(line or "")
            if match:
                self.url = match.group(1)
                return self
        self.stop()
        raise RuntimeError("%s did not print its listening line; see %s" % (" ".join(args), self.log_path))

    def _drain(self, lines):
        with open(self.log_path, "w") as log:
            for line in self.process.stdout:
                log.write(line)
                log.flush()
                if self.url is None:
                    lines.put(line)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    # ---- server-to-server API ----

    def api(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method, headers={
            "Authorization": "Bearer " + self.secret_key, "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return json.load(response)

    def create_session(self, **options):
        """A new session (CONTRACT §3 options) → {"id", "url", …}."""
        return self.api("POST", "/api/sessions", options)

    def session_state(self, session_id):
        return self.api("GET", "/api/sessions/" + session_id)


# Set by run.py before the tests run.
SERVERS = {}


def server(name="main"):
    return SERVERS[name]


def make_driver(javascript=True, width=1024, height=900):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=%d,%d" % (width, height), "--lang=en-US", "--hide-scrollbars",
                     "--force-device-scale-factor=1"):
        options.add_argument(argument)
    if not javascript:
        options.add_argument("--blink-settings=scriptEnabled=false")
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    if javascript:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": INSTRUMENT})
    return driver


def emulate_latency(driver, milliseconds):
    """Chromium adds `milliseconds` of latency to every request of the page (0: none)."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": milliseconds, "downloadThroughput": -1, "uploadThroughput": -1})


class Timeout(AssertionError):
    pass


def wait_until(probe, describe, timeout=TIMEOUT):
    """Polls `probe()` until it returns something truthy and returns that; on timeout fails with
    `describe()`, which should say what was observed last."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            result = probe()
        except Exception as error:  # a stale element while a block is morphed: look again
            result, last_error = None, error
        else:
            last_error = None
        if result:
            return result
        if time.monotonic() > deadline:
            detail = describe()
            if last_error is not None:
                detail += " (last error: %s)" % last_error
            raise Timeout("timed out after %.0fs: %s" % (timeout, detail))
        time.sleep(0.02)


def save_artifacts(driver, stem):
    """Screenshot and HTML of what the browser shows, for a failed test."""
    os.makedirs(ARTIFACTS, exist_ok=True)
    try:
        driver.switch_to.default_content()
        driver.save_screenshot(os.path.join(ARTIFACTS, stem + ".png"))
        with open(os.path.join(ARTIFACTS, stem + ".html"), "w") as out:
            out.write(driver.page_source)
    except Exception as error:  # the browser may be what failed
        with open(os.path.join(ARTIFACTS, stem + ".txt"), "w") as out:
            out.write("could not save artifacts: %s\n" % error)


class BrowserTest(unittest.TestCase):
    """One Chromium per test class; every test opens a fresh session."""

    javascript = True
    server_name = "main"

    @classmethod
    def setUpClass(cls):
        cls.server = server(cls.server_name)
        cls.driver = make_driver(javascript=cls.javascript)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def tearDown(self):
        if self.javascript and not getattr(self, "allow_page_errors", False):
            self.driver.switch_to.default_content()
            errors = self.driver.execute_script("return window.__cf ? window.__cf.errors : []")
            self.assertEqual(errors, [], "the page reported script errors or CSP violations")

    # ---- opening the form ----

    def open_form(self, **options):
        options.setdefault("amount", 1000)
        options.setdefault("currency", "EUR")
        self.session = self.server.create_session(**options)
        self.driver.get(self.server.url + self.session["url"])
        self.wait(lambda: self.driver.execute_script("return document.readyState") == "complete",
                  lambda: "page load")
        if self.javascript:
            # Let the page's opening focus/ready traffic settle, so tests start from a quiet page.
            self.wait_idle()
        return self.session

    def state(self):
        return self.server.session_state(self.session["id"])

    # ---- finding things ----

    def field(self, name):
        return self.driver.find_element(By.NAME, name)

    def css(self, selector):
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def all(self, selector):
        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def value(self, name):
        return self.driver.execute_script(
            "var e = document.getElementsByName(arguments[0])[0]; return e ? e.value : null", name)

    def caret(self, name):
        return self.driver.execute_script(
            "var e = document.getElementsByName(arguments[0])[0];"
            "return e ? [e.selectionStart, e.selectionEnd] : null", name)

    def label_of(self, name):
        return self.driver.execute_script(
            "var e = document.getElementsByName(arguments[0])[0];"
            "var l = e && document.querySelector('label[for=\"' + e.id + '\"]');"
            "return l ? l.textContent.trim() : null", name)

    def text(self, selector):
        return self.driver.execute_script(
            "var e = document.querySelector(arguments[0]); return e ? e.textContent.trim() : null", selector)

    # ---- acting as a shopper ----

    def type(self, name, text):
        """Focuses the field (caret at its end, as a click there would) and types, key by key."""
        self.field(name).send_keys(text)

    def fill_card(self, number):
        """Types a whole card, `number` with expiry 12/30, CVV 123 and a name, and waits for the answers."""
        self.type("cardNumber", number)
        self.type("expiryDate", "1230")
        self.type("cvv", "123")
        self.type("cardholderName", "Jane Doe")
        self.wait_idle()

    def pay(self):
        """Presses the pay button (enabled until a payment starts)."""
        self.wait_attribute("button.cf-pay[type=submit]", "disabled", None)
        self.css("button.cf-pay[type=submit]").click()

    def keys(self, *keys):
        """Real key events to whatever has focus (the caret stays where it is)."""
        ActionChains(self.driver).send_keys(*keys).perform()

    def focus(self, name):
        self.driver.execute_script("document.getElementsByName(arguments[0])[0].focus()", name)

    def set_caret(self, name, start, end=None):
        self.driver.execute_script(
            "var e = document.getElementsByName(arguments[0])[0]; e.focus(); e.setSelectionRange(arguments[1], arguments[2]);",
            name, start, start if end is None else end)

    def paste(self, name, text):
        """What a paste does to a field, without the system clipboard: the text replaces the
        selection and an `input` event with inputType insertFromPaste fires."""
        self.driver.execute_script(
            "var e = document.getElementsByName(arguments[0])[0]; e.focus();"
            "var start = e.selectionStart, end = e.selectionEnd;"
            "e.value = e.value.slice(0, start) + arguments[1] + e.value.slice(end);"
            "var caret = start + arguments[1].length; e.setSelectionRange(caret, caret);"
            "e.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertFromPaste', data: arguments[1]}));",
            name, text)

    def clear(self, name):
        """Selects everything in the field and deletes it with the keyboard."""
        self.focus(name)
        ActionChains(self.driver).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).perform()
        self.keys(Keys.BACKSPACE)

    def hold_requests(self):
        """From now on the page script's requests wait, as on a very slow network."""
        self.driver.execute_script("window.__cf.hold = true")

    def fail_requests(self, count):
        """The page script's next `count` requests fail as on a lost connection."""
        self.driver.execute_script("window.__cf.fail = arguments[0]", count)

    def release_requests(self):
        self.driver.execute_script("window.__cf.release()")

    def emulate_latency(self, milliseconds):
        """Every request of the page (the page load too) takes `milliseconds` more to answer, as on
        a slow mobile network: Chromium's own network emulation (CDP), not the page script's."""
        emulate_latency(self.driver, milliseconds)

    # ---- waiting ----

    def wait(self, probe, describe, timeout=TIMEOUT):
        return wait_until(probe, describe, timeout)

    def wait_idle(self):
        """No request of the page script in flight, and its last answer applied."""
        self.wait(lambda: self.driver.execute_script("return window.__cf && window.__cf.pending === 0"),
                  lambda: "page script still has %r request(s) in flight" % self.driver.execute_script(
                      "return window.__cf && window.__cf.pending"))

    def wait_value(self, name, expected, caret=None):
        """Waits until the field shows `expected` (and the caret is at `caret`), then until the page
        is quiet, and checks again: a late answer must not overwrite what the shopper sees."""
        def matches():
            if self.value(name) != expected:
                return False
            return caret is None or self.caret(name) == [caret, caret]

        def describe():
            return "%s is %r with selection %r; expected %r%s" % (
                name, self.value(name), self.caret(name), expected, "" if caret is None else " caret %d" % caret)

        self.wait(matches, describe)
        if self.javascript:
            self.wait_idle()
            self.assertTrue(matches(), describe())

    def wait_attribute(self, selector, attribute, expected):
        def current():
            return self.driver.execute_script(
                "var e = document.querySelector(arguments[0]); return e ? e.getAttribute(arguments[1]) : undefined",
                selector, attribute)
        self.wait(lambda: current() == expected,
                  lambda: "%s[%s] is %r; expected %r" % (selector, attribute, current(), expected))

    def wait_text(self, selector, expected):
        self.wait(lambda: self.text(selector) == expected,
                  lambda: "%s reads %r; expected %r" % (selector, self.text(selector), expected))

    def announced(self):
        """What the live region has said since the page opened."""
        return self.driver.execute_script("return window.__cf.announced")

    def wait_present(self, selector, present=True):
        self.wait(lambda: bool(self.all(selector)) == present,
                  lambda: "%s is %s" % (selector, "absent" if present else "still present"))


# Expected failures, with the reason, for the summary. A test decorated with `server_bug` fails
# today because of the server side; when the server is fixed it shows up as an unexpected success
# and the run fails, so the mark cannot outlive the bug.
KNOWN_BUGS = {}


def server_bug(reason):
    def mark(test):
        KNOWN_BUGS[test.__qualname__] = reason
        return unittest.expectedFailure(test)
    return mark
