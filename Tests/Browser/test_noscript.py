"""Without JavaScript the form posts whole and the server answers the page with formatted values
and every error, never echoing the CVV."""

from selenium.common.exceptions import StaleElementReferenceException

from support import BrowserTest


class NoScriptTests(BrowserTest):
    javascript = False

    def is_gone(self, element):
        """Whether `element` belongs to a page that has been replaced."""
        try:
            element.is_enabled()
            return False
        except StaleElementReferenceException:
            return True

    def submit(self):
        buttons = [b for b in self.all("button[type=submit]") if b.is_displayed()]
        self.assertEqual(len(buttons), 1, "exactly one pay button is usable without JavaScript")
        self.assertTrue(buttons[0].is_enabled())
        buttons[0].click()

    def test_without_javascript_the_pay_button_is_usable_and_nothing_is_formatted_while_typing(self):
        self.open_form()
        self.type("cardNumber", "4242424242424241")
        self.assertEqual(self.value("cardNumber"), "4242424242424241")
        self.assertTrue(any(b.is_displayed() and b.is_enabled() for b in self.all("button[type=submit]")))

    def test_an_invalid_form_posted_without_javascript_comes_back_formatted_with_its_errors(self):
        self.open_form()
        self.type("cardNumber", "4242424242424241")
        self.type("expiryDate", "1230")
        self.type("cvv", "123")
        old_form = self.css("form")
        self.submit()
        self.wait(lambda: self.is_gone(old_form), lambda: "the form was not posted")
        self.assertTrue(self.all("[data-cf-block=errors] li"), "no error summary; the answer reads %r" % (
            self.driver.find_element("tag name", "body").text[:200]))
        self.assertEqual(self.value("cardNumber"), "4242 4242 4242 4241")
        self.assertEqual(self.value("expiryDate"), "12/30")
        self.assertEqual(self.value("cvv"), "", "the CVV is never sent back")
        summary = [li.text for li in self.all("[data-cf-block=errors] li")]
        self.assertIn("Invalid card number", summary)
        self.assertEqual(len(summary), 2, "the card number and the missing name: %r" % summary)
        self.assertEqual(self.field("cardNumber").get_attribute("aria-invalid"), "true")
        self.assertEqual(self.text("#cardNumber-error"), "Invalid card number")
        links = [a.get_attribute("href").rsplit("#", 1)[1] for a in self.all("[data-cf-block=errors] li a")]
        self.assertIn("cf-cardNumber", links)
