"""Typing a card number as a shopper does: grouping, caret, deleting, pasting, typing fast."""

from selenium.webdriver.common.keys import Keys

from support import BrowserTest


class CardNumberGroupingTests(BrowserTest):

    def test_a_visa_number_is_grouped_4_4_4_4_while_it_is_typed(self):
        self.open_form()
        self.type("cardNumber", "42424")
        self.wait_value("cardNumber", "4242 4", caret=6)
        self.type("cardNumber", "24242424242")
        self.wait_value("cardNumber", "4242 4242 4242 4242", caret=19)

    def test_an_amex_number_is_grouped_4_6_5(self):
        self.open_form()
        self.type("cardNumber", "378282246310005")
        self.wait_value("cardNumber", "3782 822463 10005", caret=17)

    def test_a_diners_club_number_is_grouped_4_6_4(self):
        self.open_form()
        self.type("cardNumber", "30569309025904")
        self.wait_value("cardNumber", "3056 930902 5904", caret=16)

    def test_a_19_digit_number_is_grouped_4_4_4_4_3(self):
        self.open_form()
        self.type("cardNumber", "4000000000000000006")
        self.wait_value("cardNumber", "4000 0000 0000 0000 006", caret=23)


class CardNumberEditingTests(BrowserTest):

    def open_with(self, typed, shown):
        self.open_form()
        self.type("cardNumber", typed)
        self.wait_value("cardNumber", shown)

    def test_a_digit_typed_in_the_middle_leaves_the_caret_right_after_it(self):
        self.open_with("424242424242", "4242 4242 4242")
        self.set_caret("cardNumber", 7)          # 4242 42|42 4242
        self.keys("9")
        self.wait_value("cardNumber", "4242 4294 2424 2", caret=8)

    def test_a_digit_typed_just_before_a_separator_lands_after_the_new_separator(self):
        self.open_with("424242424242", "4242 4242 4242")
        self.set_caret("cardNumber", 4)          # 4242| 4242 4242
        self.keys("1")
        self.wait_value("cardNumber", "4242 1424 2424 2", caret=6)

    def test_backspace_right_after_a_separator_deletes_the_digit_before_it(self):
        self.open_with("42424242", "4242 4242")
        self.set_caret("cardNumber", 5)          # 4242 |4242
        self.keys(Keys.BACKSPACE)
        self.wait_value("cardNumber", "4244 242", caret=3)

    def test_backspace_in_the_middle_of_a_group_regroups_what_follows(self):
        self.open_with("4242424242424242", "4242 4242 4242 4242")
        self.set_caret("cardNumber", 7)          # 4242 42|42 4242 4242
        self.keys(Keys.BACKSPACE)
        self.wait_value("cardNumber", "4242 4424 2424 242", caret=6)

    def test_deleting_a_selection_across_groups_regroups_the_rest(self):
        self.open_with("4242424242424242", "4242 4242 4242 4242")
        self.set_caret("cardNumber", 3, 11)      # 424[2 4242 4]242 4242
        self.keys(Keys.DELETE)
        self.wait_value("cardNumber", "4242 4242 42", caret=3)

    def test_typing_over_a_selection_replaces_it(self):
        self.open_with("4242424242424242", "4242 4242 4242 4242")
        self.set_caret("cardNumber", 5, 9)       # 4242 [4242] 4242 4242
        self.keys("1111")
        self.wait_value("cardNumber", "4242 1111 4242 4242", caret=9)

    def test_a_pasted_number_with_dashes_dots_and_spaces_is_regrouped(self):
        self.open_form()
        self.paste("cardNumber", "4242-4242 4242.4242")
        self.wait_value("cardNumber", "4242 4242 4242 4242", caret=19)

    def test_pasting_into_the_middle_keeps_the_caret_after_the_pasted_digits(self):
        self.open_with("42424242", "4242 4242")
        self.set_caret("cardNumber", 4)          # 4242| 4242
        self.paste("cardNumber", "4242-4242")
        self.wait_value("cardNumber", "4242 4242 4242 4242", caret=14)


class FastTypingTests(BrowserTest):
    """Keys go as fast as WebDriver can send them, so keystrokes arrive while the page script has a
    request in flight: none may be lost, and no late answer may overwrite newer typing."""

    def test_a_whole_number_typed_without_pause_arrives_complete(self):
        self.open_form()
        self.type("cardNumber", "4000000000000000006")
        self.wait_value("cardNumber", "4000 0000 0000 0000 006", caret=23)
        self.assertEqual(self.state()["data"]["cardNumber"], "400000•••••••••0006",
                         "the server holds the number the shopper sees")

    def test_typing_deleting_and_retyping_fast_ends_with_what_was_typed_last(self):
        self.open_form()
        self.type("cardNumber", "4242424242")
        self.keys(Keys.BACKSPACE, Keys.BACKSPACE, Keys.BACKSPACE, "999", Keys.BACKSPACE, "1111")
        self.wait_value("cardNumber", "4242 4249 9111 1", caret=16)

    def test_the_whole_form_typed_at_full_speed_keeps_every_character(self):
        self.open_form()
        self.focus("cardNumber")
        self.keys("4242424242424242", Keys.TAB, "1230", Keys.TAB, "123", Keys.TAB, "ada lovelace")
        self.wait_value("cardholderName", "Ada Lovelace")
        self.wait_value("cardNumber", "4242 4242 4242 4242")
        self.wait_value("expiryDate", "12/30")
        self.assertEqual(self.value("cvv"), "123")
        state = self.state()
        self.assertEqual((state["data"]["cardNumber"], state["data"]["expiryDate"], state["data"]["cardholderName"]),
                         ("424242••••••4242", "12/30", "Ada Lovelace"))
        self.assertTrue(state["isValid"], "the server saw the CVV too: %r" % state["fieldErrors"])


class SlowAnswerTests(BrowserTest):
    """The page script's requests are held back in the page, so the keys below certainly arrive
    before the server's answers do."""

    def test_keys_typed_while_the_server_has_not_answered_all_arrive(self):
        self.open_form()
        self.hold_requests()
        self.type("cardNumber", "4242424242424242")
        self.assertEqual(self.value("cardNumber"), "4242 4242 4242 4242", "typing never waits for the server")
        self.release_requests()
        self.wait_value("cardNumber", "4242 4242 4242 4242", caret=19)

    def test_a_backspace_before_the_answer_deletes_a_digit_not_only_a_trailing_separator(self):
        self.open_form()
        self.type("cardNumber", "4242424242")
        self.wait_value("cardNumber", "4242 4242 42", caret=12)
        self.hold_requests()
        self.keys(Keys.BACKSPACE, Keys.BACKSPACE, Keys.BACKSPACE)
        self.release_requests()
        self.wait_value("cardNumber", "4242 424", caret=8)

    def test_the_caret_moved_while_an_answer_is_on_its_way_is_respected(self):
        self.open_form()
        self.type("cardNumber", "4242")
        self.wait_value("cardNumber", "4242", caret=4)
        self.hold_requests()
        self.type("cardNumber", "42")
        self.set_caret("cardNumber", 2)
        self.keys("99")
        self.release_requests()
        self.wait_value("cardNumber", "4299 4242", caret=4)


class LostConnectionTests(BrowserTest):

    def notice_visible(self):
        return self.driver.execute_script(
            "var n = document.querySelector('.cf-notice[role=status]'); return !!n && !n.hidden")

    def test_a_lost_connection_shows_a_quiet_notice_and_what_was_typed_is_sent_when_it_is_back(self):
        self.open_form()
        self.fail_requests(4)
        self.type("cardNumber", "4242424242424242")
        self.assertEqual(self.value("cardNumber"), "4242 4242 4242 4242", "typing never waits for the server")
        self.wait(self.notice_visible, lambda: "no notice after failed requests")
        self.assertEqual(self.text(".cf-notice"), "Connection lost. Your changes will be sent when it is back.")
        self.wait_value("cardNumber", "4242 4242 4242 4242", caret=19)
        self.wait(lambda: not self.notice_visible(), lambda: "the notice stayed after the connection came back")
        self.assertEqual(self.state()["data"]["cardNumber"], "424242••••••4242")

