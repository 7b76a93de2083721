"""`cardform gallery`: every block in every state, from the real templates and engine, opened from
disk in Chromium; screenshots of some states are saved to look at."""

import os
import subprocess
import tempfile

from support import ARTIFACTS, BrowserTest


class GalleryTests(BrowserTest):
    allow_page_errors = True  # a file:// page has no page script, hence no instrumentation either

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.folder = tempfile.mkdtemp(prefix="cardform-gallery-")
        subprocess.run([cls.server.binary, "gallery", "--out", cls.folder], check=True, capture_output=True)

    def open_gallery(self, anchor=""):
        self.driver.get("file://" + os.path.join(self.folder, "gallery.html") + anchor)
        self.wait(lambda: self.driver.execute_script("return document.readyState") == "complete", lambda: "load")

    def test_every_state_renders_with_its_stylesheet_and_badges(self):
        self.open_gallery()
        broken = self.driver.execute_script(
            "return Array.prototype.filter.call(document.images, function (i) {"
            " return !i.complete || i.naturalWidth === 0; }).map(function (i) { return i.src; })")
        self.assertEqual(broken, [])
        # The form's stylesheet applies: inputs get the theme's border radius, not the browser's.
        radius = self.driver.execute_script(
            "return getComputedStyle(document.querySelector('.cf-input')).borderTopLeftRadius")
        self.assertNotEqual(radius, "0px")
        self.assertGreater(len(self.all("[id^=cvv-]")), 3)

    def test_screenshots_of_states_a_designer_checks(self):
        for anchor in ("#card-network-cobadged", "#cvv-amex", "#billing-jp", "#card-number-invalid"):
            self.open_gallery(anchor)
            element = self.css(anchor)
            self.assertTrue(element.is_displayed())
            element.screenshot(os.path.join(ARTIFACTS, "gallery-%s.png" % anchor[1:]))
