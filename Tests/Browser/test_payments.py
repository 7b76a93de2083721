"""Paying: the shopper fills the form and pays; the page learns the outcome by long-poll; a merchant's
page on another origin embeds the form with embed.js and hears `complete`."""

import http.server
import re
import threading

from selenium.webdriver.common.keys import Keys

from support import BrowserTest


class PaymentTests(BrowserTest):
    def event_requests(self):
        return self.driver.execute_script(
            "return performance.getEntriesByType('resource').filter(function (e) {"
            " return /\\/events\\?/.test(e.name); }).length")

    def test_an_approved_card_pays_and_the_page_shows_it_without_busy_polling(self):
        self.open_form()
        self.fill_card("4242 4242 4242 4242")
        self.pay()
        self.wait_present(".cf-result--succeeded")
        self.assertEqual(self.state()["phase"], "succeeded")
        self.assertRegex(self.text(".cf-result__id"), r"^pay_[a-z0-9]+$")
        # One long-poll waited for the outcome (a second only if the first ran out of time).
        self.assertLessEqual(self.event_requests(), 2)
        self.assertEqual(self.field("cardNumber").get_attribute("disabled"), "true")

    def test_a_declined_card_says_why_and_another_card_then_pays(self):
        self.open_form()
        self.fill_card("4000 0000 0000 0002")
        self.pay()
        self.wait(lambda: "declined" in (self.text(".cf-notice--failed") or ""),
                  lambda: "failure notice: %r" % self.text(".cf-notice--failed"))
        self.assertEqual(self.state()["phase"], "failed")
        self.clear("cardNumber")
        self.type("cardNumber", "5555 5555 5555 4444")
        self.wait_value("cardNumber", "5555 5555 5555 4444")
        self.pay()
        self.wait_present(".cf-result--succeeded")

    def test_while_processing_the_button_spins_and_the_fields_are_disabled(self):
        self.open_form()
        self.fill_card("4242 4242 4242 4242")
        # Seen by the page itself the moment the spinner appears: on a busy machine the processing
        # state can be over before the driver's next look, and the button it found replaced.
        self.driver.execute_script(PROCESSING_SEEN)
        self.pay()
        seen = self.wait(lambda: self.driver.execute_script("return window.__processing"), lambda: "the spinner")
        self.assertEqual(seen, {"busy": "true", "cvvDisabled": True})
        self.wait_present(".cf-result--succeeded")


# The pay button's and the security code's state at the first moment the pay button's spinner shows.
PROCESSING_SEEN = r"""
window.__processing = null;
new MutationObserver(function () {
  if (window.__processing || !document.querySelector(".cf-pay .cf-spinner")) return;
  window.__processing = {
    busy: document.querySelector("button.cf-pay").getAttribute("aria-busy"),
    cvvDisabled: document.getElementsByName("cvv")[0].disabled,
  };
}).observe(document.documentElement, {subtree: true, childList: true, attributes: true});
"""


class HostPage:
    """A merchant's page on another origin (its own port), mounting the form with embed.js."""

    TEMPLATE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Shop</title></head>
<body>
<h1>Checkout</h1>
<ol id="events"></ol>
<div id="pay"></div>
<script src="%(server)s/embed.js"></script>
<script>
  function log(text) { var li = document.createElement("li"); li.textContent = text; document.getElementById("events").appendChild(li); }
  CardForm.mount(document.getElementById("pay"), {
    url: "%(server)s%(path)s",
    onReady: function () { log("ready"); },
    onChange: function (c) { log("change " + c.isValid + " " + c.selectedNetwork); },
    onComplete: function (o) { log("complete " + o.status + " " + o.paymentId); },
    onCancel: function () { log("cancel"); },
    onFocus: function (e) { log("focus " + e.field); },
    onBlur: function (e) { log("blur " + e.field); },
    onPaste: function (e) { log("paste " + e.field); },
    onValidationPassed: function (e) { log("validationPassed " + e.field); },
    onValidationFailed: function (e) { log("validationFailed " + e.field + " " + e.code); },
  });
  // Every message the frame sends, as the merchant's page receives it.
  window.heard = [];
  window.addEventListener("message", function (event) { window.heard.push(JSON.stringify(event.data)); });
</script>
</body></html>
"""

    def __init__(self):
        self.pages = {}
        pages = self.pages

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                body = pages.get(self.path, "").encode()
                self.send_response(200 if body else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = "http://127.0.0.1:%d" % self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def add(self, path, server, session_path):
        self.pages[path] = self.TEMPLATE % {"server": server, "path": session_path}
        return self.origin + path

    def stop(self):
        self.httpd.shutdown()


class HostPageTest(BrowserTest):
    """Tests with a merchant's page (`self.host`) and what it heard (`events()`)."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.host = HostPage()

    @classmethod
    def tearDownClass(cls):
        cls.host.stop()
        super().tearDownClass()

    def events(self):
        self.driver.switch_to.default_content()
        return self.driver.execute_script(
            "return Array.prototype.map.call(document.querySelectorAll('#events li'), function (li) { return li.textContent; })")


class CrossOriginEmbedTests(HostPageTest):

    def mount(self, **options):
        options.setdefault("amount", 1000)
        options.setdefault("currency", "EUR")
        options["allowedOrigins"] = [self.host.origin]
        session = self.server.create_session(**options)
        self.driver.get(self.host.add("/checkout-%s" % session["id"], self.server.url, session["url"]))
        self.wait(lambda: "ready" in self.events(), lambda: "host events: %r" % self.events())
        self.iframe = self.css("#pay iframe")
        self.driver.switch_to.frame(self.iframe)
        self.wait_present("input[name=cardNumber]")
        return session

    def heights(self):
        self.driver.switch_to.default_content()
        outer = self.driver.execute_script("return arguments[0].getBoundingClientRect().height", self.iframe)
        self.driver.switch_to.frame(self.iframe)
        inner = self.driver.execute_script("return Math.ceil(document.documentElement.getBoundingClientRect().height)")
        return outer, inner

    def test_the_shopper_pays_inside_the_frame_and_the_merchant_hears_complete(self):
        self.mount()
        for name, text in (("cardNumber", "4242424242424242"), ("expiryDate", "1230"), ("cvv", "123"),
                           ("cardholderName", "Jane Doe")):
            self.type(name, text)
        self.wait_idle()
        self.wait_attribute("button.cf-pay", "disabled", None)
        self.css("button.cf-pay").click()
        self.wait(lambda: any(e.startswith("complete succeeded pay_") for e in self.events()),
                  lambda: "host events: %r" % self.events())
        self.assertIn("change true VISA", self.events())

    def test_the_merchant_hears_each_fields_events_but_never_a_card_value(self):
        self.mount()
        self.type("cardNumber", "4242424242424241")
        self.keys(Keys.TAB)
        self.wait_attribute("input[name=cardNumber]", "aria-invalid", "true")
        self.clear("cardNumber")
        self.paste("cardNumber", "4242 4242 4242 4242")
        self.wait_value("cardNumber", "4242 4242 4242 4242")
        self.type("expiryDate", "12/30")
        self.type("cvv", "737")
        self.type("cardholderName", "Jane Doe")
        self.keys(Keys.TAB)
        self.wait_idle()
        expected = ["focus cardNumber", "blur cardNumber", "validationFailed cardNumber invalid-card-number",
                    "paste cardNumber", "validationPassed cardNumber", "focus expiryDate", "validationPassed expiryDate",
                    "validationPassed cvv", "validationPassed cardholderName", "blur cardholderName"]
        self.wait(lambda: all(e in self.events() for e in expected), lambda: "host events: %r" % self.events())
        events = self.events()
        self.assertLess(events.index("validationFailed cardNumber invalid-card-number"), events.index("paste cardNumber"))
        self.assertTrue(any(e.startswith("change ") for e in events))
        heard = self.driver.execute_script("return window.heard")
        self.assertTrue(any('"field":"cardholderName"' in m and '"type":"change"' in m for m in heard), heard)
        for message in heard:
            for secret in ("4242", "424242", "737", "12/30", "1230", "Jane"):
                self.assertNotIn(secret, message, "a card value reached the merchant's page")

    def test_the_frame_follows_the_form_and_does_not_jump_when_billing_errors_appear(self):
        self.mount(requiresBillingAddress=True,
                   billingFields=["firstName", "lastName", "email", "countryCode", "addressLine1", "city", "postalCode"])
        self.wait(lambda: abs(self.heights()[0] - self.heights()[1]) <= 1, lambda: "heights %r" % (self.heights(),))
        before = self.heights()[0]
        self.type("email", "not-an-email")
        self.type("addressLine1", "x")
        self.focus("city")
        self.wait_present("#email-error:not(:empty)")
        # Each error's line is kept while it is empty, so the errors take no new room.
        self.wait(lambda: self.heights()[0] == before and abs(self.heights()[0] - self.heights()[1]) <= 1,
                  lambda: "heights %r, before %r" % (self.heights(), before))

    def test_a_session_for_another_shop_refuses_to_be_framed_here(self):
        session = self.server.create_session(allowedOrigins=["https://elsewhere.example"])
        self.driver.get(self.host.add("/wrong-%s" % session["id"], self.server.url, session["url"]))
        self.iframe = self.css("#pay iframe")
        # The browser blocks the frame (CSP frame-ancestors): no form ever loads and nothing is heard.
        self.driver.switch_to.frame(self.iframe)
        self.assertEqual(self.all("input[name=cardNumber]"), [])
        self.assertNotIn("ready", self.events())
        self.allow_page_errors = True
