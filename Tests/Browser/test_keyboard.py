"""Paying with the keyboard alone: Tab to each field, type, choose the co-badged network and the
billing country from their lists with the keyboard, and pay with Enter. No click, no script focus."""

from selenium.webdriver.common.keys import Keys

from support import BrowserTest

COBADGED = "4000002500001001"          # CARTES_BANCAIRES + VISA


class KeyboardTests(BrowserTest):

    def focused(self):
        return self.driver.execute_script(
            "var e = document.activeElement; return e ? (e.name || e.tagName.toLowerCase()) : null")

    def tab_to(self, name, most=12):
        """Presses Tab until `name` has focus; fails if it takes more than `most` presses. Returns
        what focus passed on the way, so a test can check the order."""
        passed = []
        for _ in range(most):
            self.keys(Keys.TAB)
            self.wait_idle()
            now = self.focused()
            if now == name:
                return passed
            passed.append(now)
        self.fail("Tab never reached %s; focus went through %r" % (name, passed))

    def test_a_shopper_completes_and_pays_with_the_keyboard_only(self):
        self.open_form(
            amount=2499, currency="EUR", orderedAllowedCardNetworks=["CARTES_BANCAIRES", "VISA", "MASTERCARD"],
            requiresBillingAddress=True, billingFields=["countryCode", "addressLine1", "city", "postalCode"])
        self.driver.execute_script("document.activeElement && document.activeElement.blur()")
        self.assertEqual(self.tab_to("cardNumber"), [], "the card number is the first stop")
        self.keys(COBADGED)
        self.wait_value("cardNumber", "4000 0025 0000 1001")
        self.wait_present("select[name=cardNetwork]")
        self.tab_to("expiryDate")
        self.keys("1230")
        self.tab_to("cvv")
        self.keys("123")
        self.tab_to("cardholderName")
        self.keys("Jane Doe")
        # The co-badge choice: its own stop, changed with the arrow keys.
        self.tab_to("cardNetwork")
        self.keys(Keys.ARROW_DOWN)
        self.wait(lambda: self.state()["selectedNetwork"] == "VISA",
                  lambda: "selected network is %r" % self.state()["selectedNetwork"])
        # The billing country: typed to find it in the list, as a keyboard user does.
        self.tab_to("countryCode")
        self.keys("United Kingdom")
        self.wait(lambda: self.value("countryCode") == "GB", lambda: "country is %r" % self.value("countryCode"))
        self.wait(lambda: self.label_of("postalCode") == "Postcode", lambda: "postal label %r" % self.label_of("postalCode"))
        self.tab_to("addressLine1")
        self.keys("10 Downing Street")
        self.tab_to("city")
        self.keys("London")
        self.tab_to("postalCode")
        self.keys("sw1a 2aa")
        self.wait_value("postalCode", "SW1A 2AA")
        self.keys(Keys.ENTER)
        self.wait_present(".cf-result--succeeded")
        state = self.state()
        self.assertEqual((state["phase"], state["selectedNetwork"]), ("succeeded", "VISA"))
        # Focus went to the outcome, so a screen reader reads it.
        self.wait(lambda: self.driver.execute_script(
            "return document.activeElement.getAttribute('data-cf-outcome')") == "succeeded",
            lambda: "focus is on %r" % self.focused())

    def test_the_pay_button_is_a_stop_and_enter_on_it_pays(self):
        self.open_form(amount=2499, currency="EUR")
        self.type("cardNumber", "4242424242424242")
        self.type("expiryDate", "1230")
        self.type("cvv", "123")
        self.type("cardholderName", "Jane Doe")
        self.wait_idle()
        self.tab_to("button")
        self.assertEqual(self.driver.execute_script("return document.activeElement.type"), "submit")
        self.keys(Keys.ENTER)
        self.wait_present(".cf-result--succeeded")
