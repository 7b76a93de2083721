"""What a screen-reader user hears and where focus goes: the payment's progress and outcome said in
the live region, focus on the success view, or on the decline notice and then on to the card
number."""

from selenium.webdriver.common.keys import Keys

from support import BrowserTest


class OutcomeAnnouncementTests(BrowserTest):

    def focused_outcome(self):
        return self.driver.execute_script("return document.activeElement.getAttribute('data-cf-outcome')")

    def test_a_decline_is_said_focused_and_tab_goes_on_to_the_card_number(self):
        self.open_form()
        self.fill_card("4000 0000 0000 0002")
        self.pay()
        self.wait(lambda: self.focused_outcome() == "failed", lambda: "focus is on %r" % self.driver.execute_script(
            "return document.activeElement.outerHTML.slice(0, 80)"))
        said = self.announced()
        self.assertIn("Processing your payment. Please wait.", said)
        self.assertTrue(any(s.startswith("Payment failed. ") for s in said), said)
        self.keys(Keys.TAB)
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("name"), "cardNumber")

    def test_a_success_is_said_and_focused(self):
        self.open_form()
        self.fill_card("4242 4242 4242 4242")
        self.pay()
        self.wait(lambda: self.focused_outcome() == "succeeded", lambda: "focus is elsewhere")
        self.assertIn("Payment successful", self.announced())
