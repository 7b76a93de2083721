"""Who sees the card: the page that typed it keeps it; a reload (a new page) shows the card fields
empty and the shopper types the card again."""

from support import BrowserTest


class CardDataTests(BrowserTest):
    def test_a_reload_shows_the_card_fields_empty_and_the_name_kept(self):
        self.open_form()
        self.type("cardNumber", "4242424242424242")
        self.type("expiryDate", "1230")
        self.type("cardholderName", "Ada Lovelace")
        self.wait_idle()
        self.wait_value("cardNumber", "4242 4242 4242 4242")
        self.driver.refresh()
        self.wait(lambda: self.driver.execute_script("return document.readyState") == "complete", lambda: "reload")
        self.wait_idle()
        self.assertEqual(self.value("cardNumber"), "")
        self.assertEqual(self.value("expiryDate"), "")
        self.assertEqual(self.value("cardholderName"), "Ada Lovelace")
        self.assertNotIn("4242", self.driver.page_source)
        # Typed again on the new page, the card is that page's own and pays.
        self.type("cardNumber", "4242424242424242")
        self.type("expiryDate", "1230")
        self.type("cvv", "123")
        self.wait_idle()
        self.wait_value("cardNumber", "4242 4242 4242 4242")
        self.wait_attribute("button.cf-pay[type=submit]", "disabled", None)
