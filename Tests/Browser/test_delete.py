"""The Delete key (forward delete) removes the character after the caret, skipping separators, and
the page shows at once what the server then confirms: `4111| 2222` → `4111 |222 2…`, `12|/30` →
`12/|0`, never `01/30`."""

from selenium.webdriver.common.keys import Keys

from support import BrowserTest


class ForwardDeleteTests(BrowserTest):

    def delete_at(self, name, caret):
        self.set_caret(name, caret)
        self.keys(Keys.DELETE)

    def test_delete_before_a_space_removes_the_next_digit_and_the_caret_stays_after_the_space(self):
        self.open_form()
        self.type("cardNumber", "4111222233334444")
        self.wait_value("cardNumber", "4111 2222 3333 4444")
        self.delete_at("cardNumber", 4)
        # At once, before any answer, and still so once the server has answered.
        self.assertEqual([self.value("cardNumber"), self.caret("cardNumber")], ["4111 2223 3334 444", [5, 5]])
        self.wait_value("cardNumber", "4111 2223 3334 444", caret=5)

    def test_delete_inside_a_group_closes_the_gap(self):
        self.open_form()
        self.type("cardNumber", "4111222233334444")
        self.wait_value("cardNumber", "4111 2222 3333 4444")
        self.delete_at("cardNumber", 1)
        self.wait_value("cardNumber", "4112 2223 3334 444", caret=1)

    def test_delete_before_the_expirys_slash_removes_the_years_first_digit(self):
        self.open_form()
        self.type("expiryDate", "1230")
        self.wait_value("expiryDate", "12/30")
        self.delete_at("expiryDate", 2)
        self.assertEqual([self.value("expiryDate"), self.caret("expiryDate")], ["12/0", [3, 3]])
        self.wait_value("expiryDate", "12/0", caret=3)

    def test_delete_at_the_end_changes_nothing(self):
        self.open_form()
        self.type("expiryDate", "1230")
        self.wait_value("expiryDate", "12/30")
        self.delete_at("expiryDate", 5)
        self.wait_value("expiryDate", "12/30", caret=5)
