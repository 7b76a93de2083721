"""Network detection as the shopper sees it: the co-badge choice, surcharges, badges, CVV length."""

from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.select import Select

from support import BrowserTest

COBADGED = "4000002500001001"          # CARTES_BANCAIRES + VISA
EFTPOS = "4000050360000001"            # EFTPOS + VISA, no choice offered
NETWORKS = ["CARTES_BANCAIRES", "VISA", "MASTERCARD", "AMEX", "EFTPOS"]


class CoBadgeTests(BrowserTest):

    def options(self):
        return self.driver.execute_script(
            "return Array.prototype.map.call(document.querySelectorAll('select[name=cardNetwork] option'),"
            " function (o) { return o.value; })")

    def test_a_cobadged_card_offers_its_networks_in_the_merchants_order(self):
        for order in (["CARTES_BANCAIRES", "VISA"], ["VISA", "CARTES_BANCAIRES"]):
            with self.subTest(order=order):
                self.open_form(orderedAllowedCardNetworks=order + ["MASTERCARD"])
                self.assertEqual(self.all("select[name=cardNetwork]"), [], "no choice before a number")
                self.type("cardNumber", COBADGED)
                self.wait_value("cardNumber", "4000 0025 0000 1001")
                self.wait_present("select[name=cardNetwork]")
                self.assertEqual(self.options(), order)
                # Until the shopper picks, the issuer's preferred network shows, whatever the order.
                self.assertEqual(Select(self.field("cardNetwork")).first_selected_option.get_attribute("value"),
                                 "CARTES_BANCAIRES")
                self.assertEqual(self.label_of("cardNetwork"), "Card network")

    def test_the_network_choice_goes_away_when_the_number_changes(self):
        self.open_form(orderedAllowedCardNetworks=NETWORKS)
        self.type("cardNumber", COBADGED)
        self.wait_present("select[name=cardNetwork]")
        self.clear("cardNumber")
        self.type("cardNumber", "4242424242424242")
        self.wait_value("cardNumber", "4242 4242 4242 4242")
        self.wait_present("select[name=cardNetwork]", present=False)

    def test_deleting_one_digit_of_a_cobadged_number_keeps_the_choice_while_the_bin_is_intact(self):
        self.open_form(orderedAllowedCardNetworks=NETWORKS)
        self.type("cardNumber", COBADGED)
        self.wait_present("select[name=cardNetwork]")
        self.focus("cardNumber")
        self.keys(Keys.END, Keys.BACKSPACE)
        self.wait_value("cardNumber", "4000 0025 0000 100")
        self.assertEqual(self.options(), ["CARTES_BANCAIRES", "VISA"])

    def test_what_was_typed_in_the_other_fields_survives_the_choice_appearing_and_going(self):
        self.open_form(orderedAllowedCardNetworks=NETWORKS)
        self.type("expiryDate", "1230")
        self.type("cvv", "123")
        self.type("cardholderName", "ada lovelace")
        self.wait_value("cardholderName", "Ada Lovelace")
        self.type("cardNumber", COBADGED)
        self.wait_present("select[name=cardNetwork]")
        self.assertEqual([self.value("expiryDate"), self.value("cvv"), self.value("cardholderName")],
                         ["12/30", "123", "Ada Lovelace"])
        self.clear("cardNumber")
        self.type("cardNumber", "4242424242424242")
        self.wait_present("select[name=cardNetwork]", present=False)
        self.wait_idle()
        self.assertEqual([self.value("expiryDate"), self.value("cvv"), self.value("cardholderName")],
                         ["12/30", "123", "Ada Lovelace"])

    def test_choosing_a_network_moves_the_surcharge_on_the_pay_button(self):
        self.open_form(orderedAllowedCardNetworks=NETWORKS, amount=1000, currency="EUR", surcharges={"VISA": 109})
        self.type("cardNumber", COBADGED)
        self.wait_present("select[name=cardNetwork]")
        self.wait_text("button[type=submit] .cf-pay__label", "Pay €10.00")
        Select(self.field("cardNetwork")).select_by_value("VISA")
        self.wait_text("button[type=submit] .cf-pay__label", "Pay €11.09")
        self.wait_text(".cf-surcharge-note", "Includes a €1.09 card fee")
        state = self.state()
        self.assertEqual((state["selectedNetwork"], state["surchargeAmountRaw"]), ("VISA", 109))
        Select(self.field("cardNetwork")).select_by_value("CARTES_BANCAIRES")
        self.wait_text("button[type=submit] .cf-pay__label", "Pay €10.00")
        self.wait_present(".cf-surcharge-note", present=False)
        self.assertEqual(self.value("cardNumber"), "4000 0025 0000 1001")

    def test_an_eftpos_cobadge_shows_both_badges_and_offers_no_choice(self):
        self.open_form(orderedAllowedCardNetworks=NETWORKS)
        self.type("cardNumber", EFTPOS)
        self.wait_value("cardNumber", "4000 0503 6000 0001")
        self.wait(lambda: len(self.all("[data-cf-block=cardNumber] .cf-badge")) == 2,
                  lambda: "badges: %r" % [b.get_attribute("alt") for b in self.all("[data-cf-block=cardNumber] .cf-badge")])
        badges = self.all("[data-cf-block=cardNumber] .cf-badge")
        self.assertEqual(sorted(b.get_attribute("alt") for b in badges), ["Visa", "eftpos"])
        self.assertEqual(self.all("select[name=cardNetwork]"), [])

    def test_a_single_network_card_shows_its_badge(self):
        self.open_form()
        self.type("cardNumber", "5555555555554444")
        self.wait(lambda: [b.get_attribute("alt") for b in self.all("[data-cf-block=cardNumber] .cf-badge")] == ["Mastercard"],
                  lambda: "badges: %r" % [b.get_attribute("alt") for b in self.all("[data-cf-block=cardNumber] .cf-badge")])


class SecurityCodeTests(BrowserTest):

    def test_the_security_code_takes_four_digits_for_amex_and_three_for_visa(self):
        for number, typed, kept in (("378282246310005", "12345", "1234"), ("4242424242424242", "12345", "123")):
            with self.subTest(number=number):
                self.open_form()
                self.type("cardNumber", number)
                self.wait_attribute("input[name=cvv]", "maxlength", str(len(kept)))
                self.type("cvv", typed)
                self.wait_idle()
                self.assertEqual(self.value("cvv"), kept)

    def test_the_security_code_keeps_digits_only_and_is_masked(self):
        self.open_form()
        self.type("cvv", "1a2 3")
        self.wait_idle()
        self.assertEqual(self.value("cvv"), "123")
        self.assertEqual(self.field("cvv").get_attribute("type"), "password")
        self.assertEqual(self.field("cvv").get_attribute("inputmode"), "numeric")
