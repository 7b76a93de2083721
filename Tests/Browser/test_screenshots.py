"""Screenshots of the default form for people to look at (Tests/Browser/artifacts/*.png)."""

import os

from selenium.webdriver.common.keys import Keys

from support import ARTIFACTS, BrowserTest

BILLING = dict(requiresBillingAddress=True, billingFields=[
    "firstName", "lastName", "email", "countryCode", "addressLine1", "city", "state", "postalCode"])


class ScreenshotTests(BrowserTest):
    # What every session of the class adds, and the start of its screenshots' names.
    session_options = {}
    prefix = ""

    def open_form(self, **options):
        return super().open_form(**dict(options, **self.session_options))

    def shoot(self, name):
        """The whole form as the shopper sees it once it is still: no request in flight, no
        transition half-way (errors fade in), and a window tall enough for all of it."""
        self.wait_idle()
        height = self.driver.execute_script("return Math.ceil(document.documentElement.scrollHeight)")
        self.driver.set_window_size(1024, max(900, height + 200))
        self.wait(lambda: self.driver.execute_script(
            "return document.getAnimations().every(function (a) { return a.playState !== 'running'; })"),
            lambda: "animations still running")
        path = os.path.join(ARTIFACTS, self.prefix + name)
        self.css("main").screenshot(path)
        self.driver.set_window_size(1024, 900)
        self.assertGreater(os.path.getsize(path), 1000, "an empty screenshot")

    def test_the_default_form(self):
        self.open_form(amount=2499, currency="EUR")
        self.shoot("default-form.png")

    def test_a_cobadged_card_with_a_surcharge(self):
        self.open_form(amount=2499, currency="EUR", surcharges={"VISA": 109},
                       orderedAllowedCardNetworks=["CARTES_BANCAIRES", "VISA", "MASTERCARD"])
        self.type("cardNumber", "4000002500001001")
        self.wait_present("select[name=cardNetwork]")
        self.field("cardNetwork").send_keys(Keys.ARROW_DOWN)
        self.wait(lambda: "26.08" in (self.text("button[type=submit] .cf-pay__label") or ""),
                  lambda: "pay label %r" % self.text("button[type=submit] .cf-pay__label"))
        self.type("expiryDate", "1230")
        self.wait_idle()
        self.shoot("cobadged-form.png")

    def test_errors_after_blur(self):
        self.open_form(amount=2499, currency="EUR")
        self.type("cardNumber", "4242424242424241")
        self.type("expiryDate", "121")
        self.type("cvv", "1")
        self.keys(Keys.TAB)
        self.wait_attribute("input[name=cvv]", "aria-invalid", "true")
        self.wait_idle()
        self.shoot("errors-form.png")

    def test_the_form_with_billing(self):
        self.open_form(amount=2499, currency="USD", **BILLING)
        self.shoot("billing-form.png")


class RightToLeftScreenshotTests(ScreenshotTests):
    """The same form in Arabic (ar-*.png), right to left: labels and text start at the right, and
    the card number, expiry and CVV still read left to right."""

    session_options = {"locale": "ar"}
    prefix = "ar-"

    def shoot(self, name):
        self.assertEqual(self.driver.execute_script("return document.documentElement.dir"), "rtl")
        for field in ("cardNumber", "expiryDate", "cvv"):
            self.assertEqual(self.driver.execute_script(
                "return getComputedStyle(document.getElementsByName(arguments[0])[0]).direction", field), "ltr", field)
        edges = self.driver.execute_script(
            "var i = document.getElementsByName('cardNumber')[0], l = document.querySelector('label[for=\"' + i.id + '\"]');"
            "return [Math.round(l.getBoundingClientRect().right), Math.round(i.getBoundingClientRect().right)]")
        self.assertLessEqual(abs(edges[0] - edges[1]), 2, "label and input are not aligned at the right: %r" % edges)
        super().shoot(name)
