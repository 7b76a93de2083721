"""Forced colours (Windows High Contrast), emulated by Chromium: every focus ring still shows, and the
pay button reads differently enabled and disabled. And the schemes: the session's colour scheme is
the one painted, whatever the system prefers."""

from selenium.webdriver.common.keys import Keys

from support import BrowserTest

COBADGED = "4000002500001001"          # CARTES_BANCAIRES + VISA


class ForcedColorsTests(BrowserTest):

    def setUp(self):
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "forced-colors", "value": "active"}]})

    def tearDown(self):
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        self.driver.execute_cdp_cmd("Fetch.disable", {})
        super().tearDown()

    def ring(self):
        """The focused element's name and its outline (forced colours drop box shadows)."""
        return self.driver.execute_script(
            "var e = document.activeElement, s = getComputedStyle(e);"
            "return [e.name || e.getAttribute('data-cf-outcome') || e.tagName, s.outlineStyle, parseFloat(s.outlineWidth),"
            " s.outlineColor]")

    def test_every_stop_shows_a_focus_ring_and_the_pay_button_its_state(self):
        self.open_form(amount=2499, currency="EUR", orderedAllowedCardNetworks=["CARTES_BANCAIRES", "VISA"])
        self.assertTrue(self.driver.execute_script("return matchMedia('(forced-colors: active)').matches"))
        self.type("cardNumber", COBADGED)
        self.wait_present("select[name=cardNetwork]")
        self.type("expiryDate", "1230")
        self.type("cvv", "123")
        self.type("cardholderName", "Jane Doe")
        self.wait_idle()
        self.focus("cardNumber")
        seen = []
        for step in range(10):
            if step:
                self.keys(Keys.TAB)
            name, style, width, color = self.ring()
            seen.append(name)
            self.assertNotIn(color, ("transparent", "rgba(0, 0, 0, 0)"), "%s: an invisible focus ring" % name)
            self.assertNotEqual(style, "none", "%s shows no focus ring in forced colours" % name)
            self.assertGreaterEqual(width, 2, "%s: a focus ring under 2px" % name)
            if name == "BUTTON":
                break
        self.assertIn("cardNetwork", seen)
        self.assertEqual(seen[-1], "BUTTON", "Tab reached the pay button: %r" % seen)
        enabled = self.driver.execute_script(
            "var s = getComputedStyle(document.querySelector('button.cf-pay')); return [s.color, s.borderTopColor, s.borderTopStyle]")
        self.assertNotEqual(enabled[2], "none", "the enabled pay button has no border")
        # Disabled while processing (the outcome's long-poll held, so it stays processing).
        self.driver.execute_cdp_cmd("Fetch.enable", {"patterns": [{"urlPattern": "*/events?*"}]})
        self.keys(Keys.ENTER)
        self.wait_attribute("button.cf-pay", "aria-busy", "true")
        disabled = self.driver.execute_script(
            "var s = getComputedStyle(document.querySelector('button.cf-pay')); return [s.color, s.borderTopColor, s.borderTopStyle]")
        self.assertNotEqual(disabled[2], "none", "the disabled pay button has no border")
        self.assertNotEqual(disabled[0], enabled[0], "enabled and disabled pay buttons read the same")
        self.assertNotEqual(disabled[1], enabled[1], "enabled and disabled pay buttons are outlined the same")


class ColorSchemeTests(BrowserTest):
    """A dark system does not darken a light form (the merchant's shop around it is light); `auto`
    follows the system; `dark` is dark everywhere."""

    def painted(self):
        return self.driver.execute_script(
            "var s = getComputedStyle(document.documentElement), b = getComputedStyle(document.body);"
            "return [s.colorScheme, b.backgroundColor]")

    def test_the_sessions_scheme_wins_over_the_systems(self):
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        try:
            expected = {"light": ("light", "rgb(255, 255, 255)"), "auto": ("light dark", "rgb(15, 18, 24)"),
                        "dark": ("dark", "rgb(15, 18, 24)")}
            for scheme, (css, background) in expected.items():
                with self.subTest(scheme=scheme):
                    self.open_form(appearance={"colorScheme": scheme})
                    self.assertEqual(self.painted(), [css, background])
            self.open_form()
            self.assertEqual(self.painted(), ["light", "rgb(255, 255, 255)"], "light by default")
        finally:
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
