"""A calm layout: errors appearing move nothing, the co-badge choice opens its room, and the empty
card number shows the merchant's accepted brands."""

from selenium.webdriver.common.keys import Keys

from support import BrowserTest


class LayoutTests(BrowserTest):

    def top(self, selector):
        return self.driver.execute_script(
            "return document.querySelector(arguments[0]).getBoundingClientRect().top", selector)

    def test_an_error_that_appears_moves_nothing_below_it(self):
        self.open_form()
        before = self.top("input[name=expiryDate]"), self.top("button[type=submit]")
        self.type("cardNumber", "4242424242424241")
        self.keys(Keys.TAB)
        self.wait_text("#cardNumber-error", "Invalid card number")
        self.wait_idle()
        self.assertEqual((self.top("input[name=expiryDate]"), self.top("button[type=submit]")), before)

    def test_the_co_badge_choice_opens_its_room_with_an_animation(self):
        self.open_form()
        self.type("cardNumber", "4000002500001001")
        self.wait_present("[data-cf-block=cardNetwork]")
        names = self.driver.execute_script(
            "return getComputedStyle(document.querySelector('[data-cf-block=cardNetwork]')).animationName")
        self.assertIn("cf-open", names)

    def test_the_empty_card_number_shows_the_accepted_brands_until_a_brand_is_known(self):
        self.open_form(orderedAllowedCardNetworks=["MASTERCARD", "VISA", "AMEX"])
        badges = self.all(".cf-accepted img")
        self.assertEqual([b.get_attribute("alt") for b in badges], ["Mastercard", "Visa", "American Express"])
        self.assertTrue(all(b.is_displayed() for b in badges))
        self.assertEqual(self.css(".cf-accepted").get_attribute("aria-label"), "Accepted cards")
        self.type("cardNumber", "4")
        self.wait(lambda: not any(b.is_displayed() for b in self.all(".cf-accepted img")),
                  lambda: "accepted brands still shown beside the detected one")
