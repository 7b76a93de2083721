"""The billing section follows the chosen country; the page follows the session's locale."""

from selenium.webdriver.support.select import Select

from support import BrowserTest

BILLING = dict(requiresBillingAddress=True, billingFields=[
    "firstName", "lastName", "email", "countryCode", "addressLine1", "city", "state", "postalCode"])


class BillingTests(BrowserTest):

    def choose_country(self, code):
        Select(self.field("countryCode")).select_by_value(code)

    def state_is_a_list(self):
        return self.driver.execute_script("return document.getElementsByName('state')[0].tagName") == "SELECT"

    def test_choosing_the_united_states_asks_for_a_zip_code_and_a_state_from_a_list(self):
        self.open_form(**BILLING)
        self.choose_country("US")
        self.wait(lambda: self.label_of("postalCode") == "ZIP code", lambda: "postal label %r" % self.label_of("postalCode"))
        self.wait(self.state_is_a_list, lambda: "state is free text")
        self.assertEqual(self.label_of("state"), "State")
        options = [o.get_attribute("value") for o in Select(self.field("state")).options]
        self.assertIn("CA", options)
        self.assertIn("NY", options)

    def test_switching_to_the_united_kingdom_asks_for_a_postcode_and_free_text(self):
        self.open_form(**BILLING)
        self.choose_country("US")
        self.wait(self.state_is_a_list, lambda: "state is free text")
        self.choose_country("GB")
        self.wait(lambda: self.label_of("postalCode") == "Postcode", lambda: "postal label %r" % self.label_of("postalCode"))
        self.wait(lambda: not self.state_is_a_list(), lambda: "state is still a list")

    def test_the_united_kingdom_state_field_is_an_optional_county(self):
        self.open_form(**BILLING)
        self.choose_country("GB")
        self.wait(lambda: self.label_of("postalCode") == "Postcode", lambda: "postal label %r" % self.label_of("postalCode"))
        self.assertEqual(self.label_of("state"), "County (optional)")
        self.assertNotEqual(self.field("state").get_attribute("placeholder"), "Select…")

    def test_a_british_postcode_is_upper_cased_as_it_is_typed(self):
        self.open_form(**BILLING)
        self.choose_country("GB")
        self.wait(lambda: self.label_of("postalCode") == "Postcode", lambda: "postal label %r" % self.label_of("postalCode"))
        self.type("postalCode", "sw1a 1aa")
        self.wait_value("postalCode", "SW1A 1AA", caret=8)


class LocaleTests(BrowserTest):

    def test_a_french_session_shows_french_labels_and_amounts(self):
        self.open_form(locale="fr", amount=1000, currency="EUR")
        self.assertEqual(self.driver.find_element("tag name", "html").get_attribute("lang"), "fr")
        self.assertEqual(self.label_of("cardNumber"), "Numéro de carte")
        self.assertEqual(self.label_of("expiryDate"), "Date d’expiration")
        self.assertEqual(self.label_of("cvv"), "Code de sécurité")
        self.assertEqual(self.label_of("cardholderName"), "Nom sur la carte")
        label = self.text("button[type=submit] .cf-pay__label")
        self.assertTrue(label.startswith("Payer ") and "10,00" in label and "€" in label, label)

    def test_french_errors_are_in_french(self):
        self.open_form(locale="fr")
        self.type("cardNumber", "9999")
        self.wait_attribute("input[name=cardNumber]", "aria-invalid", "true")
        message = self.text("#cardNumber-error")
        self.assertNotEqual(message, "Invalid card number")
        self.assertTrue(message, "an error is shown")
