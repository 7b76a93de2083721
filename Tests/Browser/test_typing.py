"""Typing that feels local at any latency: the page formats each key itself, with the rules the server
ships in the page (the engine's own tables), shows the card brand at once, loses no key, keeps the
caret where the shopper put it, and an Enter or a pay pressed while answers are on their way pays
once they are in. Chromium's own network emulation adds the latency."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from support import BrowserTest

LATENCY_MS = 300

# After each input event, once the page's own handler has run (it listens on the form, this on the
# window), the field's value and caret, the brand its block shows and how many answers the page has
# applied; again at the next animation frame.
RECORD = r"""
window.__typed = [];
window.addEventListener("input", function (event) {
  var input = event.target, block = input.closest("[data-cf-block]");
  function state() {
    var badges = block.querySelectorAll("[data-cf-badges] img");
    return {
      value: input.value, caret: input.selectionStart, network: block.getAttribute("data-cf-network"),
      badges: Array.prototype.map.call(badges, function (badge) { return badge.getAttribute("alt"); }),
      icon: badges.length ? badges[0].getAttribute("src") : null,
      answered: window.__cf.requests.filter(function (r) { return r.end !== null; }).length,
    };
  }
  var entry = { now: state() };
  window.__typed.push(entry);
  requestAnimationFrame(function () { entry.frame = state(); });
});
"""

ANSWERED = "return window.__cf.requests.filter(function (r) { return r.end !== null; }).length"


def grouped(digits, gaps=(4, 8, 12, 16)):
    return "".join((" " if i in gaps else "") + d for i, d in enumerate(digits))


class LatencyTypingTests(BrowserTest):

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.driver.execute_cdp_cmd("Network.enable", {})

    def setUp(self):
        self.emulate_latency(LATENCY_MS)

    def tearDown(self):
        self.emulate_latency(0)
        super().tearDown()

    def typed(self, name, text):
        """Types `text` into the field as fast as the keyboard driver goes; returns what the page
        showed after each key (see RECORD), once the frame after the last key has been drawn."""
        self.driver.execute_script(RECORD)
        self.field(name).send_keys(text)
        self.driver.execute_async_script(
            "var done = arguments[0]; requestAnimationFrame(function () { requestAnimationFrame(done); });")
        return self.driver.execute_script("return window.__typed")

    def pay_button_disabled(self):
        return self.css("button.cf-pay[type=submit]").get_attribute("disabled") == "true"

    def test_each_key_of_a_visa_number_shows_it_grouped_with_the_visa_badge_before_any_answer(self):
        self.open_form()
        # Focused first and its traffic settled: a busy machine's driver may take longer between
        # focusing and the first key than the focus's own answer takes to come back.
        self.field("cardNumber").click()
        self.wait_idle()
        answered_before = self.driver.execute_script(ANSWERED)
        number = "4242424242424242"
        typed = self.typed("cardNumber", number)
        self.assertEqual(len(typed), len(number), "one input event per key")
        for count, entry in enumerate(typed, 1):
            shown = grouped(number[:count])
            now = entry["now"]
            self.assertEqual((now["value"], now["caret"]), (shown, len(shown)), "after key %d" % count)
            self.assertEqual((now["network"], now["badges"]), ("VISA", ["Visa"]), "after key %d" % count)
            self.assertIn("/visa.", now["icon"])
            frame = entry["frame"]
            self.assertEqual(frame["value"], grouped(frame["value"].replace(" ", "")), "at the frame after key %d" % count)
            self.assertGreaterEqual(len(frame["value"]), len(shown))
            self.assertEqual(frame["network"], "VISA")
        # The first keys were shown before any answer could arrive (300 ms each way).
        self.assertEqual(typed[0]["now"]["answered"], answered_before)
        # No key lost: the server ends with every digit, and the page with the server's value.
        self.wait_value("cardNumber", "4242 4242 4242 4242", caret=19)
        self.assertEqual(self.state()["data"]["cardNumber"], "424242••••••4242")

    def test_an_amex_number_shows_its_brand_and_4_6_5_grouping_at_once(self):
        self.open_form()
        number = "378282246310005"
        typed = self.typed("cardNumber", number)
        for count, entry in enumerate(typed, 1):
            shown = grouped(number[:count], gaps=(4, 10))
            self.assertEqual((entry["now"]["value"], entry["now"]["caret"]), (shown, len(shown)), "after key %d" % count)
            if count >= 2:
                self.assertEqual(entry["now"]["badges"], ["American Express"], "after key %d" % count)
        self.wait_value("cardNumber", "3782 822463 10005", caret=17)
        self.assertEqual(self.field("cardNumber").get_attribute("maxlength"), "17")
        self.assertEqual(self.field("cvv").get_attribute("maxlength"), "4")

    def test_the_security_code_keeps_only_its_digits_at_once(self):
        self.open_form()
        typed = self.typed("cvv", "1a2-3")
        self.assertEqual([entry["now"]["value"] for entry in typed], ["1", "1", "12", "12", "123"])
        self.assertEqual(typed[-1]["now"]["caret"], 3)

    def test_a_name_the_merchant_leaves_as_typed_is_not_capitalised_here_either(self):
        self.open_form(fields={"cardholderName": {"autoCapitalise": False}})
        typed = self.typed("cardholderName", "ada o'neil")
        self.assertEqual([entry["now"]["value"] for entry in typed][-3:], ["ada o'ne", "ada o'nei", "ada o'neil"])
        self.wait_idle()
        self.assertEqual(self.value("cardholderName"), "ada o'neil")

    def test_the_server_stays_the_authority_for_a_co_badged_card(self):
        self.open_form()
        self.type("cardNumber", "40000025")
        self.wait_idle()
        # The BIN table knows more than the prefix rules: both badges.
        self.wait(lambda: sorted(self.badges()) == ["Cartes Bancaires", "Visa"], lambda: "badges %r" % self.badges())
        shown = self.badges()
        typed = self.typed("cardNumber", "00001001")
        for entry in typed:
            self.assertEqual(entry["now"]["badges"], shown)
        self.wait_value("cardNumber", "4000 0025 0000 1001", caret=19)

    def badges(self):
        return self.driver.execute_script(
            "return Array.prototype.map.call(document.querySelectorAll('[data-cf-badges] img'),"
            " function (b) { return b.getAttribute('alt'); })")

    def test_an_answer_the_page_already_shows_leaves_the_caret_where_the_shopper_moved_it(self):
        self.open_form()
        self.type("cardNumber", "42424242")
        self.wait_value("cardNumber", "4242 4242", caret=9)
        self.set_caret("cardNumber", 2)
        self.keys("1")                            # 42|42 4242 → 421|4 2424 2
        self.assertEqual(self.value("cardNumber"), "4214 2424 2")
        self.assertEqual(self.caret("cardNumber"), [3, 3])
        self.keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
        self.wait_idle()
        self.assertEqual(self.value("cardNumber"), "4214 2424 2")
        self.assertEqual(self.caret("cardNumber"), [5, 5])

    def test_enter_20_ms_after_the_last_key_pays_once(self):
        self.open_form()
        self.type("expiryDate", "1230")
        self.type("cvv", "123")
        self.type("cardholderName", "Jane Doe")
        self.wait_idle()
        self.focus("cardNumber")
        ActionChains(self.driver).send_keys("4242424242424242").pause(0.02).send_keys(Keys.ENTER).perform()
        self.wait_present(".cf-result--succeeded")
        self.assertEqual(self.state()["phase"], "succeeded")
        self.assertEqual(self.submits(), 1)

    def test_the_pay_button_pressed_before_the_last_answer_pays_once_it_arrives(self):
        self.open_form()
        self.type("cardNumber", "4242424242424242")
        self.type("expiryDate", "1230")
        self.type("cardholderName", "Jane Doe")
        self.type("cvv", "12")
        self.wait_idle()
        self.assertFalse(self.pay_button_disabled(), "the pay button is enabled before the form is complete")
        button = self.css("button.cf-pay[type=submit]")
        ActionChains(self.driver).send_keys("3").click(button).perform()
        self.wait_present(".cf-result--succeeded")
        self.assertEqual(self.submits(), 1)

    def submits(self):
        return self.driver.execute_script(
            "return window.__cf.requests.filter(function (r) { return /\\/submit$/.test(r.url); }).length")
