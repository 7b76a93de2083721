"""The form in an iframe on a merchant's page (the `--dev` demo at `/`, which mounts it with
embed.js): events reach the parent and the iframe follows the form's height."""

import re

from support import BrowserTest


class EmbedTests(BrowserTest):
    server_name = "dev"

    def open_demo(self):
        self.driver.switch_to.default_content()
        self.driver.get(self.server.url + "/")
        self.wait_present("#payment iframe")
        self.iframe = self.css("#payment iframe")
        self.wait(lambda: "ready" in self.events(), lambda: "events: %r" % self.events())

    def events(self):
        self.driver.switch_to.default_content()
        return self.driver.execute_script(
            "return Array.prototype.map.call(document.querySelectorAll('#demo-events li'),"
            " function (li) { return li.textContent.replace(/^.*?  /, '').trim(); })")

    def heights(self):
        """(the iframe's height on the parent page, the height of the form document inside it)"""
        self.driver.switch_to.default_content()
        outer = self.driver.execute_script("return arguments[0].getBoundingClientRect().height", self.iframe)
        self.driver.switch_to.frame(self.iframe)
        inner = self.driver.execute_script("return Math.ceil(document.documentElement.getBoundingClientRect().height)")
        self.driver.switch_to.default_content()
        return outer, inner

    def test_the_demo_mounts_the_form_in_an_iframe_that_says_it_is_ready(self):
        self.open_demo()
        self.driver.switch_to.frame(self.iframe)
        self.wait_present("input[name=cardNumber]")
        self.assertRegex(self.driver.execute_script("return location.pathname"), r"^/s/[a-z0-9]+$")

    def test_the_demo_shows_an_amount_in_its_currencys_own_minor_units(self):
        self.open_demo()
        label = self.css("#demo-amount-label")
        self.assertIn("24.99", label.text)
        currency = self.css("#demo-config input[name=currency]")
        currency.clear()
        currency.send_keys("JPY")
        self.css("#demo-config button[type=submit]").click()
        self.wait(lambda: "2,499" in label.text and "24.99" not in label.text, lambda: "label: %r" % label.text)
        self.wait(lambda: self.events().count("ready") >= 2, lambda: "events: %r" % self.events())
        self.driver.switch_to.frame(self.css("#payment iframe"))
        self.wait(lambda: "2,499" in self.css("button[type=submit]").text,
                  lambda: "pay button: %r" % self.css("button[type=submit]").text)

    def test_changes_in_the_form_reach_the_merchants_page(self):
        self.open_demo()
        self.driver.switch_to.frame(self.iframe)
        self.type("cardNumber", "4000002500001001")
        self.wait_value("cardNumber", "4000 0025 0000 1001")
        expected = "change: valid=false network=CARTES_BANCAIRES available=[CARTES_BANCAIRES, VISA]"
        self.wait(lambda: expected in self.events(), lambda: "events: %r" % self.events())
        self.driver.switch_to.frame(self.iframe)
        self.type("expiryDate", "1230")
        self.type("cvv", "123")
        self.type("cardholderName", "Ada Lovelace")
        self.wait(lambda: any(re.match(r"change: valid=true network=CARTES_BANCAIRES", e) for e in self.events()),
                  lambda: "events: %r" % self.events())

    def test_the_iframe_follows_the_height_of_the_form(self):
        self.open_demo()
        self.wait(lambda: abs(self.heights()[0] - self.heights()[1]) <= 1, lambda: "heights: %r" % (self.heights(),))
        before = self.heights()[0]
        self.driver.switch_to.frame(self.iframe)
        self.type("cardNumber", "4000002500001001")
        self.wait_present("select[name=cardNetwork]")
        self.wait(lambda: self.heights()[0] > before and abs(self.heights()[0] - self.heights()[1]) <= 1,
                  lambda: "heights (iframe, form): %r; before the choice appeared %r" % (self.heights(), before))


class EmbedLoadTests(BrowserTest):
    server_name = "dev"

    def test_the_iframe_never_shrinks_while_the_form_loads(self):
        self.driver.get(self.server.url + "/")
        heights = self.driver.execute_async_script(
            "var done = arguments[arguments.length - 1], seen = [], start = performance.now();"
            "(function sample() {"
            "  var frame = document.querySelector('#payment iframe');"
            "  if (frame) { var h = frame.getBoundingClientRect().height; if (seen[seen.length - 1] !== h) seen.push(h); }"
            "  if (performance.now() - start < 3000) requestAnimationFrame(sample); else done(seen);"
            "})();")
        self.assertTrue(heights, "no iframe appeared")
        self.assertEqual(heights, sorted(heights), "the iframe's heights while loading: %r" % heights)
