"""axe-core 4.x on every state of the form, in the light scheme, the dark scheme and Arabic (right
to left): no violation at all, best practices included. Each state's result is written to
Tests/Browser/artifacts/axe-results.txt."""

import os

from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.select import Select

import support
from support import ARTIFACTS, BrowserTest

COBADGED = "4000002500001001"          # CARTES_BANCAIRES + VISA
BILLING = dict(requiresBillingAddress=True, billingFields=[
    "firstName", "lastName", "email", "countryCode", "addressLine1", "city", "state", "postalCode"])
# The session options of each variant every state is checked in.
VARIANTS = {
    "light": {},
    "dark": {"appearance": {"colorScheme": "dark"}},
    "ar": {"locale": "ar"},
}
RESULTS = os.path.join(ARTIFACTS, "axe-results.txt")

# Runs axe on the whole document and answers each violation as {id, impact, help, nodes}.
RUN_AXE = """
var done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ["violations"]}).then(function (result) {
  done({version: axe.version, violations: result.violations.map(function (v) {
    return {id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map(function (n) {
      return n.target.join(" ") + " — " + (n.failureSummary || "").replace(/\\s+/g, " ");
    })};
  })});
}, function (error) { done({error: String(error)}); });
"""


class AccessibilityTests(BrowserTest):

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        with open(support.AXE_SCRIPT) as source:
            cls.axe_source = source.read()
        cls.driver.set_script_timeout(support.TIMEOUT * 4)

    def check(self, state, variant):
        """Runs axe on what the browser shows; fails with every violation found."""
        self.wait_idle_if_scripted()
        self.driver.execute_script(self.axe_source)
        answer = self.driver.execute_async_script(RUN_AXE)
        self.assertNotIn("error", answer, "axe did not run: %r" % answer.get("error"))
        self.assertTrue(answer["version"].startswith("4."), "axe-core %s is not 4.x" % answer["version"])
        violations = answer["violations"]
        with open(RESULTS, "a") as out:
            out.write("%-14s %-6s axe-core %s: %d violation(s)%s\n" % (
                state, variant, answer["version"], len(violations),
                "".join("\n    %s (%s): %s\n      %s" % (v["id"], v["impact"], v["help"], "\n      ".join(v["nodes"]))
                        for v in violations)))
        self.assertEqual(violations, [], "%s in %s: axe found violations" % (state, variant))

    def wait_idle_if_scripted(self):
        if self.driver.execute_script("return !!window.__cf"):
            self.wait_idle()
        # Transitions settle; the spinner turns for ever and is left to turn.
        self.wait(lambda: self.driver.execute_script(
            "return document.getAnimations().every(function (a) {"
            " return a.playState !== 'running' || a.effect.getComputedTiming().endTime === Infinity; })"),
            lambda: "animations still running")

    def each_variant(self, state, show, **options):
        """Opens a fresh session in each variant, lets `show()` bring it to the state, checks it."""
        for variant, extra in VARIANTS.items():
            with self.subTest(variant=variant):
                self.open_form(amount=2499, currency="EUR", **dict(options, **extra))
                show()
                self.check(state, variant)

    # ---- the states ----

    def test_the_empty_form(self):
        self.each_variant("empty", lambda: None)

    def test_errors_shown(self):
        def show():
            self.type("cardNumber", "4242424242424241")
            self.type("expiryDate", "121")
            self.type("cvv", "1")
            self.keys(Keys.TAB)
            self.wait_attribute("input[name=cvv]", "aria-invalid", "true")
            self.wait_attribute("input[name=cardNumber]", "aria-invalid", "true")
        self.each_variant("errors", show)

    def test_a_cobadged_card(self):
        def show():
            self.type("cardNumber", COBADGED)
            self.wait_present("select[name=cardNetwork]")
        self.each_variant("co-badged", show, surcharges={"VISA": 109},
                          orderedAllowedCardNetworks=["CARTES_BANCAIRES", "VISA", "MASTERCARD"])

    def test_billing_in_the_united_kingdom_and_the_united_states(self):
        for country, postal in (("GB", "postalCode.GB"), ("US", "postalCode.US")):
            def show():
                Select(self.field("countryCode")).select_by_value(country)
                self.wait(lambda: self.driver.execute_script(
                    "return document.querySelector('[data-cf-block=countryCode] select').value") == country,
                    lambda: "country not chosen")
                self.wait_idle()
            self.each_variant("billing-" + country, show, **BILLING)

    def test_processing(self):
        # The outcome's long-poll is held by the browser, so the page stays in "processing".
        self.driver.execute_cdp_cmd("Fetch.enable", {"patterns": [{"urlPattern": "*/events?*"}]})
        try:
            def show():
                self.fill_card("4242 4242 4242 4242")
                self.pay()
                self.wait_present(".cf-pay .cf-spinner")
            self.each_variant("processing", show)
        finally:
            self.driver.execute_cdp_cmd("Fetch.disable", {})

    def test_succeeded(self):
        def show():
            self.fill_card("4242 4242 4242 4242")
            self.pay()
            self.wait_present(".cf-result--succeeded")
        self.each_variant("succeeded", show)

    def test_declined(self):
        def show():
            self.fill_card("4000 0000 0000 0002")
            self.pay()
            self.wait_present(".cf-notice--failed")
        self.each_variant("declined", show)

    def test_the_unavailable_page(self):
        # No session, so no scheme of its own (light), and the browser's language: English, then
        # Arabic asked for by Accept-Language.
        self.driver.get(self.server.url + "/s/aaaaaaaaaaaaaaaaaaaaaaaaaa")
        self.wait_present(".cf-unavailable")
        self.check("unavailable", "light")
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {"Accept-Language": "ar"}})
        try:
            self.driver.get(self.server.url + "/s/aaaaaaaaaaaaaaaaaaaaaaaaaa")
            self.wait_present(".cf-unavailable")
            self.assertEqual(self.driver.execute_script("return [document.documentElement.lang, document.dir]"), ["ar", "rtl"])
            self.check("unavailable", "ar")
        finally:
            self.driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {}})
