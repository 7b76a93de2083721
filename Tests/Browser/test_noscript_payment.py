"""Without JavaScript a payment ends on its outcome (the answer waits for it, then the processing
page refreshes itself), and a co-badged card offers the network choice before it is charged."""

import os

import support
from support import BrowserTest


class NoScriptPaymentTests(BrowserTest):
    javascript = False

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        # A processor slower than the post's wait for the outcome, so the refreshing page shows.
        os.environ["CARDFORM_PROCESSOR_DELAY_MS"] = "8000"
        try:
            cls.slow = support.Server(support.server().binary, "slow-processor").start()
        finally:
            del os.environ["CARDFORM_PROCESSOR_DELAY_MS"]

    @classmethod
    def tearDownClass(cls):
        cls.slow.stop()
        super().tearDownClass()

    def fill(self, number):
        self.type("cardNumber", number)
        self.type("expiryDate", "1230")
        self.type("cvv", "123")
        self.type("cardholderName", "Jane Doe")

    def pay(self):
        buttons = [b for b in self.all("button[type=submit]") if b.is_displayed() and b.is_enabled()]
        self.assertEqual(len(buttons), 1, "one usable pay button")
        buttons[0].click()

    def body_text(self):
        return self.driver.find_element("tag name", "body").text

    def test_a_quick_payment_answers_the_post_with_its_outcome(self):
        self.open_form()
        self.fill("4242424242424242")
        self.pay()
        self.wait(lambda: "Payment successful" in self.body_text(), lambda: "page reads %r" % self.body_text()[:300])

    def test_a_slow_payment_shows_processing_then_its_outcome_without_a_click(self):
        self.server = self.slow
        self.open_form()
        self.fill("4242424242424242")
        self.pay()
        self.wait(lambda: "Processing" in self.body_text(), lambda: "page reads %r" % self.body_text()[:300])
        self.assertNotIn("Payment successful", self.body_text())
        self.wait(lambda: "Payment successful" in self.body_text(),
                  lambda: "page reads %r" % self.body_text()[:300], timeout=30)

    def test_a_co_badged_card_asks_for_the_network_before_paying(self):
        self.open_form()
        self.fill("4000002500001001")
        self.pay()
        self.wait(lambda: self.all("select[name=cardNetwork]"), lambda: "no network choice; page reads %r" % self.body_text()[:300])
        self.assertEqual(self.state()["phase"], "ready")
        self.assertIsNone(self.state()["payment"])
        # The CVV never comes back: the shopper types it again, and pays.
        self.type("cvv", "123")
        self.pay()
        self.wait(lambda: "Payment successful" in self.body_text(), lambda: "page reads %r" % self.body_text()[:300])
