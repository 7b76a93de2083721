"""HTTPS: `cardform serve` with `tls.cert` and `tls.key` (a certificate made here with openssl) serves
the form over TLS; the shopper types and pays as over HTTP (the origin check expects https), and
every answer carries Strict-Transport-Security."""

import json
import os
import re
import shutil
import ssl
import subprocess
import tempfile
import urllib.error
import urllib.request

import support
from support import BrowserTest


class TLSServer(support.Server):
    """`cardform serve` with a fresh self-signed certificate for 127.0.0.1."""

    LISTENING = re.compile(r"listening on (https://\S+)")

    def __init__(self, binary):
        super().__init__(binary, "tls")
        self.directory = tempfile.mkdtemp(prefix="cardform-tls-")
        self.certificate = os.path.join(self.directory, "cert.pem")
        self.key = os.path.join(self.directory, "key.pem")
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
             "-keyout", self.key, "-out", self.certificate, "-days", "2", "-subj", "/CN=127.0.0.1",
             "-addext", "subjectAltName=IP:127.0.0.1"],
            check=True, capture_output=True)
        self.context = ssl.create_default_context(cafile=self.certificate)

    def start(self):
        # Server.start passes its own environment on: the TLS keys go through it for this start only.
        names = {"CARDFORM_TLS_CERT": self.certificate, "CARDFORM_TLS_KEY": self.key}
        saved = {name: os.environ.get(name) for name in names}
        os.environ.update(names)
        try:
            return super().start()
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value

    def stop(self):
        super().stop()
        shutil.rmtree(self.directory, ignore_errors=True)

    def fetch(self, path, method="GET", data=None, headers=None):
        """An answer, verified against the test certificate: (status, headers, body)."""
        request = urllib.request.Request(self.url + path, data=data, method=method, headers=headers or {})
        with urllib.request.urlopen(request, timeout=support.TIMEOUT, context=self.context) as response:
            return response.status, response.headers, response.read()

    def api(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        _, _, answer = self.fetch(path, method, data, {
            "Authorization": "Bearer " + self.secret_key, "Content-Type": "application/json"})
        return json.loads(answer)


class HTTPSTests(BrowserTest):
    @classmethod
    def setUpClass(cls):
        cls.server = TLSServer(support.server("main").binary).start()
        cls.driver = support.make_driver()
        # The certificate is self-signed: the browser is told to accept it (test only).
        cls.driver.execute_cdp_cmd("Security.setIgnoreCertificateErrors", {"ignore": True})

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        cls.server.stop()

    def test_the_form_is_served_over_https_and_a_card_pays(self):
        self.assertTrue(self.server.url.startswith("https://127.0.0.1:"), self.server.url)
        self.open_form()
        self.assertEqual(self.driver.execute_script("return location.protocol"), "https:")
        self.fill_card("4242 4242 4242 4242")
        self.wait_value("cardNumber", "4242 4242 4242 4242")
        self.pay()
        self.wait_present(".cf-result--succeeded")
        self.assertEqual(self.state()["phase"], "succeeded")

    def test_every_answer_carries_strict_transport_security(self):
        session = self.server.create_session(amount=1000, currency="EUR")
        status, headers, _ = self.server.fetch(session["url"])
        self.assertEqual(status, 200)
        self.assertEqual(headers["Strict-Transport-Security"], "max-age=31536000")
        try:
            self.server.fetch("/no-such-page")
            self.fail("expected 404")
        except urllib.error.HTTPError as error:
            self.assertEqual(error.code, 404)
            self.assertEqual(error.headers["Strict-Transport-Security"], "max-age=31536000")
