"""Field options that need the page script (cardform-fields.js) or the stylesheet: copy and paste
refused, the CVV's show/hide toggle, the valid tick, floating and hidden labels, the tooltip."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from support import BrowserTest


class CopyPasteTests(BrowserTest):

    def clipboard_event_allowed(self, name, kind):
        """Dispatches a cancelable clipboard event at the field: false when something refused it."""
        return self.driver.execute_script(
            "var e = document.getElementsByName(arguments[0])[0]; e.focus();"
            "return e.dispatchEvent(new ClipboardEvent(arguments[1], {bubbles: true, cancelable: true}));",
            name, kind)

    def test_a_field_that_refuses_copy_and_paste_cancels_them_and_others_do_not(self):
        self.open_form(fields={"cardNumber": {"allowToCopyPaste": False}})
        for kind in ("copy", "cut", "paste"):
            self.assertFalse(self.clipboard_event_allowed("cardNumber", kind), kind)
            self.assertTrue(self.clipboard_event_allowed("cardholderName", kind), kind)


class SecurityCodeToggleTests(BrowserTest):

    def test_the_toggle_shows_and_hides_the_code_and_survives_the_servers_answers(self):
        self.open_form(fields={"cvv": {"showMaskToggle": True}})
        toggle = self.css("[data-cf-mask-toggle]")
        self.assertTrue(toggle.is_displayed(), "the script reveals the toggle")
        self.assertEqual(toggle.get_attribute("aria-label"), "Show security code")
        self.assertEqual(self.field("cvv").get_attribute("type"), "password")
        self.type("cardNumber", "4242424242424242")
        self.type("cvv", "73")
        toggle.click()
        self.wait_attribute("input[name=cvv]", "type", "text")
        self.assertEqual(toggle.get_attribute("aria-pressed"), "true")
        # An answer re-rendering the CVV block (its error appears on blur) keeps it shown.
        self.focus("cvv")
        self.keys(Keys.TAB)
        self.wait_attribute("input[name=cvv]", "aria-invalid", "true")
        self.wait_idle()
        self.assertEqual(self.field("cvv").get_attribute("type"), "text")
        self.assertEqual(self.value("cvv"), "73")
        self.css("[data-cf-mask-toggle]").click()
        self.wait_attribute("input[name=cvv]", "type", "password")
        self.assertEqual(self.css("[data-cf-mask-toggle]").get_attribute("aria-pressed"), "false")


class FieldLookTests(BrowserTest):

    def opacity(self, selector):
        return self.driver.execute_script(
            "return getComputedStyle(document.querySelector(arguments[0])).opacity", selector)

    def test_the_valid_tick_shows_once_the_value_is_valid(self):
        self.open_form(fields={"cardholderName": {"displayValidIcon": True}})
        tick = "[data-cf-block=cardholderName] .cf-valid-icon"
        self.assertEqual(self.opacity(tick), "0")
        self.type("cardholderName", "Jane Doe")
        self.keys(Keys.TAB)
        self.wait(lambda: "is-valid" in self.css("[data-cf-block=cardholderName]").get_attribute("class"),
                  lambda: "cardholderName never became valid")
        self.wait(lambda: self.opacity(tick) == "1", lambda: "tick opacity %s" % self.opacity(tick))

    def test_a_floating_label_rests_in_the_empty_input_and_rises_on_focus(self):
        self.open_form(fields={"cardholderName": {"labelPosition": "floating"}})
        label = self.css("label[for=cf-cardholderName]")
        field = self.field("cardholderName")
        resting = label.rect["y"]
        self.assertGreater(resting, field.rect["y"], "at rest the label sits inside the input")
        self.focus("cardholderName")
        self.wait(lambda: label.rect["y"] < resting, lambda: "label stayed at %s" % label.rect["y"])
        self.type("cardholderName", "Jane")
        self.keys(Keys.TAB)
        self.wait_idle()
        self.assertLess(label.rect["y"], resting, "with a value the label stays up")

    def test_a_hidden_label_is_not_seen_but_still_names_the_input(self):
        self.open_form(fields={"expiryDate": {"labelPosition": "hidden"}})
        self.assertFalse(self.css("label[for=cf-expiryDate]").is_displayed() and
                         self.css("label[for=cf-expiryDate]").size["width"] > 1)
        self.assertEqual(self.label_of("expiryDate"), "Expiry date")

    def test_the_tooltip_shows_its_text_on_keyboard_focus(self):
        self.open_form(fields={"cvv": {"showTooltip": True, "tooltipText": "Three digits on the back",
                                       "tooltipAccessibilityLabel": "About the security code"}})
        button = self.css("[data-cf-block=cvv] .cf-tooltip__button")
        self.assertEqual(button.get_attribute("aria-label"), "About the security code")
        self.assertFalse(self.css("#cvv-tooltip").is_displayed())
        self.focus("expiryDate")
        self.keys(Keys.TAB)
        self.wait(lambda: self.css("#cvv-tooltip").is_displayed(), lambda: "tooltip hidden after tabbing to it")
        self.assertEqual(self.text("#cvv-tooltip"), "Three digits on the back")

    def test_escape_hides_the_tooltip_until_focus_comes_back(self):
        self.open_form(fields={"cvv": {"showTooltip": True, "tooltipText": "Three digits on the back"}})
        self.focus("expiryDate")
        self.keys(Keys.TAB)
        self.wait(lambda: self.css("#cvv-tooltip").is_displayed(), lambda: "tooltip hidden after tabbing to it")
        self.keys(Keys.ESCAPE)
        self.wait(lambda: not self.css("#cvv-tooltip").is_displayed(), lambda: "tooltip still shown after Escape")
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("class"), "cf-tooltip__button")
        self.keys(Keys.TAB)
        ActionChains(self.driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
        self.wait(lambda: self.css("#cvv-tooltip").is_displayed(), lambda: "tooltip hidden when focus came back")

    def test_an_error_placed_above_shows_between_the_label_and_the_input(self):
        self.open_form(fields={"cardNumber": {"invalidTextPosition": "above"}})
        self.type("cardNumber", "4242424242424241")
        self.keys(Keys.TAB)
        self.wait_text("#cardNumber-error", "Invalid card number")
        error, field = self.css("#cardNumber-error").rect, self.field("cardNumber").rect
        label = self.css("label[for=cf-cardNumber]").rect
        self.assertLess(error["y"] + error["height"], field["y"] + 1)
        self.assertGreater(error["y"], label["y"])

    def test_a_per_field_theme_variable_styles_that_fields_part_only(self):
        self.open_form(appearance={"--cf-cardholder-name-label-color": "rgb(1, 2, 3)",
                                   "--cf-cvv-input-background-color": "rgb(250, 240, 230)"})
        color = "return getComputedStyle(document.querySelector(arguments[0])).color"
        background = "return getComputedStyle(document.querySelector(arguments[0])).backgroundColor"
        self.assertEqual(self.driver.execute_script(color, "label[for=cf-cardholderName]"), "rgb(1, 2, 3)")
        self.assertNotEqual(self.driver.execute_script(color, "label[for=cf-cardNumber]"), "rgb(1, 2, 3)")
        self.assertEqual(self.driver.execute_script(background, "input[name=cvv]"), "rgb(250, 240, 230)")
        self.assertNotEqual(self.driver.execute_script(background, "input[name=expiryDate]"), "rgb(250, 240, 230)")
