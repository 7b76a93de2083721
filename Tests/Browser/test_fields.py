"""Expiry, name, errors with their accessibility wiring, the pay button and submit."""

from selenium.webdriver.common.keys import Keys

from support import BrowserTest


class ExpiryDateTests(BrowserTest):

    def test_four_digits_become_month_slash_year(self):
        self.open_form()
        self.type("expiryDate", "1230")
        self.wait_value("expiryDate", "12/30", caret=5)

    def test_a_single_month_digit_above_one_is_padded_and_followed_by_the_slash(self):
        self.open_form()
        self.type("expiryDate", "2")
        self.wait_value("expiryDate", "02/", caret=3)

    def test_backspace_right_after_the_slash_deletes_the_digit_before_it(self):
        self.open_form()
        self.type("expiryDate", "2")
        self.wait_value("expiryDate", "02/", caret=3)
        self.keys(Keys.BACKSPACE)
        self.wait_value("expiryDate", "0", caret=1)

    def test_one_then_three_reads_as_january_and_a_year_digit(self):
        self.open_form()
        self.type("expiryDate", "13")
        self.wait_value("expiryDate", "01/3", caret=4)
        self.assertEqual(self.field("expiryDate").get_attribute("aria-invalid"), "false")


class NameTests(BrowserTest):

    def test_the_name_on_card_is_capitalised_as_it_is_typed(self):
        self.open_form()
        self.type("cardholderName", "ada")
        self.wait_value("cardholderName", "Ada", caret=3)
        self.type("cardholderName", " king-noel")
        self.wait_value("cardholderName", "Ada King-Noel", caret=13)


class ErrorTests(BrowserTest):

    def assert_error_wiring(self, name, message):
        """The field says it is invalid, points at its error element, and the error reads `message`."""
        self.wait_attribute("input[name=%s]" % name, "aria-invalid", "true")
        described = self.field(name).get_attribute("aria-describedby").split()
        self.assertIn("%s-error" % name, described)
        self.wait_text("#%s-error" % name, message)
        self.assertTrue(self.css("[data-cf-block=%s]" % name).get_attribute("class").count("is-invalid"))

    def test_an_invalid_number_is_flagged_on_blur_with_its_aria_wiring(self):
        self.open_form()
        self.type("cardNumber", "4242424242424241")
        self.wait_value("cardNumber", "4242 4242 4242 4241")
        self.assertEqual(self.field("cardNumber").get_attribute("aria-invalid"), "false",
                         "no error while the shopper may still be typing")
        self.assertEqual(self.text("#cardNumber-error"), "")
        self.keys(Keys.TAB)
        self.assert_error_wiring("cardNumber", "Invalid card number")
        self.wait(lambda: "Card number: Invalid card number" in self.announced(), lambda: "announced: %r" % self.announced())
        region = self.css("[data-cf-block=errors]")
        self.assertEqual((region.get_attribute("role"), region.get_attribute("aria-live")), ("status", "polite"))

    def test_an_announced_error_names_its_field_survives_focus_moving_on_and_is_cleared_once_heard(self):
        self.open_form()
        self.type("cardNumber", "4242424242424241")
        self.keys(Keys.TAB)
        self.assert_error_wiring("cardNumber", "Invalid card number")
        self.wait(lambda: "Card number: Invalid card number" in self.announced(),
                  lambda: "announced: %r" % self.announced())
        # The focus change's answer does not cut it off; the page clears it later, once heard.
        self.wait(lambda: self.text("[data-cf-block=errors]") == "", lambda: "the live region still says %r"
                  % self.text("[data-cf-block=errors]"))
        log = self.driver.execute_script("return window.__cf.regionLog")
        said = next(i for i, entry in enumerate(log) if entry["text"] == "Card number: Invalid card number")
        self.assertEqual(log[said + 1]["text"], "", "nothing else was said in between: %r" % log)
        self.assertGreaterEqual(log[said + 1]["at"] - log[said]["at"], 4500, "cleared before it could be heard")

    def test_correcting_the_number_clears_its_error(self):
        self.open_form()
        self.type("cardNumber", "4242424242424241")
        self.keys(Keys.TAB)
        self.assert_error_wiring("cardNumber", "Invalid card number")
        self.focus("cardNumber")
        self.keys(Keys.END, Keys.BACKSPACE, "2")
        self.wait_attribute("input[name=cardNumber]", "aria-invalid", "false")
        self.wait_text("#cardNumber-error", "")

    def test_an_expiry_that_can_no_longer_be_valid_is_flagged_while_typing(self):
        self.open_form()
        self.type("expiryDate", "121")          # 12/1x: every such year has passed
        self.wait_value("expiryDate", "12/1")
        self.assert_error_wiring("expiryDate", "This card has expired")
        self.wait(lambda: "Expiry date: This card has expired" in self.announced(), lambda: "announced: %r" % self.announced())
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("name"), "expiryDate",
                         "the shopper is still in the field")

    def test_a_pasted_month_13_is_flagged_at_once(self):
        self.open_form()
        self.paste("expiryDate", "13/30")
        self.assert_error_wiring("expiryDate", "Invalid expiry date")

    def test_a_number_no_card_starts_with_is_flagged_while_typing(self):
        self.open_form()
        self.type("cardNumber", "9999")
        self.assert_error_wiring("cardNumber", "Invalid card number")

    def test_a_short_security_code_is_flagged_on_blur(self):
        self.open_form()
        self.type("cardNumber", "4242424242424242")
        self.type("cvv", "12")
        self.keys(Keys.TAB)
        self.assert_error_wiring("cvv", "Your card’s security code is incomplete")


class PayButtonTests(BrowserTest):

    def pay_button_disabled(self):
        return self.driver.execute_script("return document.querySelector('button[type=submit]').disabled")

    def fill_valid_card(self):
        self.type("cardNumber", "4242424242424242")
        self.type("expiryDate", "1230")
        self.type("cvv", "123")
        self.type("cardholderName", "Ada Lovelace")

    def test_the_pay_button_shows_the_amount_and_is_enabled_until_a_payment_starts(self):
        self.open_form(amount=1000, currency="EUR")
        self.wait_text("button[type=submit] .cf-pay__label", "Pay €10.00")
        self.assertFalse(self.pay_button_disabled(), "enabled before anything is typed")
        self.type("cardNumber", "4242424242424242")
        self.type("cvv", "12")
        self.wait_idle()
        self.assertFalse(self.pay_button_disabled(), "enabled with an incomplete form")

    def test_paying_an_incomplete_form_shows_every_error_focuses_the_first_and_says_how_many(self):
        self.open_form(amount=1000, currency="EUR")
        self.type("expiryDate", "1230")
        self.wait_idle()
        self.css("button[type=submit]").click()
        for name in ("cardNumber", "cvv", "cardholderName"):
            self.wait_attribute("input[name=%s]" % name, "aria-invalid", "true")
        self.assertEqual(self.field("expiryDate").get_attribute("aria-invalid"), "false")
        self.wait(lambda: self.driver.switch_to.active_element.get_attribute("name") == "cardNumber",
                  lambda: "focus is on %r" % self.driver.switch_to.active_element.get_attribute("name"))
        self.wait(lambda: "3 fields need attention" in self.announced(), lambda: "announced: %r" % self.announced())
        self.assertEqual(self.state()["phase"], "ready")

    def test_enter_on_an_incomplete_form_does_the_same(self):
        self.open_form()
        self.type("cardNumber", "4242424242424242")
        self.type("expiryDate", "1230")
        self.type("cvv", "123")
        self.wait_idle()
        self.keys(Keys.ENTER)
        self.wait_attribute("input[name=cardholderName]", "aria-invalid", "true")
        self.wait(lambda: self.driver.switch_to.active_element.get_attribute("name") == "cardholderName",
                  lambda: "focus is on %r" % self.driver.switch_to.active_element.get_attribute("name"))
        self.wait(lambda: "1 field needs attention" in self.announced(), lambda: "announced: %r" % self.announced())

    def test_paying_starts_processing_and_locks_the_form(self):
        # Payments are wired separately: this checks only that processing starts.
        self.open_form()
        self.fill_valid_card()
        self.wait_idle()
        self.css("button[type=submit]").click()
        self.wait(lambda: self.state()["phase"] != "ready", lambda: "phase is %r" % self.state()["phase"])
        state = self.state()
        self.assertIn(state["phase"], ("processing", "succeeded", "failed"))
        if state["phase"] == "processing":
            self.wait_attribute("button[type=submit]", "aria-busy", "true")
            self.wait(lambda: self.driver.execute_script("return document.getElementsByName('cardNumber')[0].disabled"),
                      lambda: "the card number is still editable while processing")
            self.assertEqual(self.text("button[type=submit] .cf-pay__label"), "Processing…")
