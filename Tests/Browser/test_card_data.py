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


class LongPollTests(BrowserTest):
    def test_the_long_poll_keeps_the_token_and_the_page_id_out_of_its_url(self):
        session = self.open_form()
        page = self.css("input[name=_page]").get_attribute("value")
        token = self.css("input[name=_token]").get_attribute("value")
        self.fill_card("4242424242424242")
        self.pay()
        self.wait_present(".cf-result--succeeded")
        urls = self.driver.execute_script(
            "return performance.getEntriesByType('resource').map(function (e) { return e.name; })"
            ".filter(function (u) { return u.indexOf('/events') >= 0; })")
        self.assertTrue(urls, "no long-poll was made")
        for url in urls:
            self.assertIn("/s/%s/events?rev=" % session["id"], url)
            self.assertNotIn(page, url)
            self.assertNotIn(token, url)
