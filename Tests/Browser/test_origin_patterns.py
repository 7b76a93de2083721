"""Wildcard `allowedOrigins`: a merchant's page on a subdomain that the session allows by pattern
(`http://*.shop.localhost:<port>`) frames the form and hears its events; a pattern for another
domain keeps the frame empty."""

from test_payments import HostPageTest


class WildcardOriginTests(HostPageTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.port = cls.host.origin.rsplit(":", 1)[1]

    def open_host(self, pattern, name):
        session = self.server.create_session(amount=1000, currency="EUR", allowedOrigins=[pattern % self.port])
        url = self.host.add("/%s-%s" % (name, session["id"]), self.server.url, session["url"])
        # Chromium resolves every *.localhost name to the loopback address: the host page is served
        # on a subdomain without any DNS.
        self.driver.get(url.replace("127.0.0.1", "pay.shop.localhost"))
        self.iframe = self.css("#pay iframe")
        return session

    def test_a_subdomain_the_pattern_allows_frames_the_form_and_hears_it(self):
        self.open_host("http://*.shop.localhost:%s", "allowed")
        self.wait(lambda: "ready" in self.events(), lambda: "host events: %r" % self.events())
        self.driver.switch_to.frame(self.iframe)
        self.type("cardNumber", "4242424242424242")
        self.wait(lambda: "change false VISA" in self.events(), lambda: "host events: %r" % self.events())

    def test_a_pattern_for_another_domain_keeps_the_frame_empty(self):
        self.open_host("http://*.elsewhere.localhost:%s", "refused")
        self.driver.switch_to.frame(self.iframe)
        self.assertEqual(self.all("input[name=cardNumber]"), [])
        self.assertNotIn("ready", self.events())
        self.allow_page_errors = True
