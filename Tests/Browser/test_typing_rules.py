"""The page formats as the server does: the page's typing rules (cardform-typing.js over the rules the
page carries) against the server's answers, for the numbers every network's ranges begin and end
with at every length, expiry dates typed and corrected key by key, and names."""

import html
import json
import re
import urllib.parse
import urllib.request

from support import TIMEOUT, BrowserTest

# Runs the page's typing rules over [value, caret, previous] edits of one kind.
PREDICT = r"""
var holder = document.querySelector("[data-cf-format-rules]");
var typing = window.CardFormPage.typing.create(JSON.parse(holder.getAttribute("data-cf-format-rules")));
var kind = arguments[0];
return arguments[1].map(function (edit) {
  var result = kind === "cardNumber" ? typing.cardNumber(edit[0], edit[1], edit[2], null)
    : kind === "expiryDate" ? typing.expiryDate(edit[0], edit[1], edit[2])
    : typing.cardholderName(edit[0], edit[1], true);
  return result && [result.value, result.caret, result.network ? result.network.id : null];
});
"""


class ServerEdits:
    """Sends edits of one field to the session as the page script would, reading back the server's
    formatted value, caret and (for the card number) the network its block shows."""

    def __init__(self, server, session, page_html):
        self.url = server.url + session["url"] + "/input"
        self.token = re.search(r'name="_token" value="([^"]+)"', page_html).group(1)
        self.page = re.search(r'name="_page" value="([^"]+)"', page_html).group(1)
        self.rev = 0
        self.seq = 0
        self.network = None

    def send(self, field, value, caret):
        self.seq += 1
        body = urllib.parse.urlencode({"field": field, "value": value, "caret": caret, "seq": self.seq,
                                       "event": "input", "page": self.page, "rev": self.rev}).encode()
        request = urllib.request.Request(self.url, data=body, headers={
            "X-CardForm-Token": self.token, "Content-Type": "application/x-www-form-urlencoded"})
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            answer = response.read().decode()
        revs = re.findall(r'data-cf-rev="(\d+)"', answer)
        if revs:
            self.rev = int(revs[0])
        echo = self.echo(field, answer, value, caret)
        # A block sent empty (only the value changed) leaves the page's block, and its network, as it was.
        if re.search(r'<div[^>]*data-cf-block="cardNumber"', answer):
            network = re.search(r'data-cf-block="cardNumber" data-cf-network="([A-Z_]+)"', answer)
            self.network = network.group(1) if network else None
        return echo[0], echo[1], self.network

    @staticmethod
    def echo(field, answer, sent, caret_sent):
        """The value and caret the answer echoes for `field`: on its own block's template, or on
        a section's naming it in data-cf-field; the caret is at the end unless data-cf-caret says.
        No echo at all means the server keeps the value and caret sent."""
        for tag in re.findall(r'<template ([^>]*)>', answer):
            attributes = dict(re.findall(r'([a-z-]+)="([^"]*)"', tag))
            if "data-cf-value" not in attributes:
                continue
            if attributes.get("data-cf-field", attributes.get("data-cf-block")) != field:
                continue
            value = html.unescape(attributes["data-cf-value"])
            caret = attributes.get("data-cf-caret")
            return value, int(caret) if caret is not None else len(value.encode("utf-16-le")) // 2
        return sent, caret_sent


class TypingRulesMirrorTests(BrowserTest):

    def open_with_server(self, **options):
        self.open_form()
        self.rules = json.loads(self.driver.execute_script(
            "return document.querySelector('[data-cf-format-rules]').getAttribute('data-cf-format-rules')"))
        # A session of its own, driven over HTTP: the page's form stays untouched.
        session = self.server.create_session(amount=1000, currency="EUR", **options)
        with urllib.request.urlopen(self.server.url + session["url"], timeout=TIMEOUT) as response:
            page = response.read().decode()
        return ServerEdits(self.server, session, page)

    def compare(self, kind, edits, server, with_network=False):
        """Every edit predicted, and as the server formats it."""
        predicted = self.driver.execute_script(PREDICT, kind, edits)
        mismatches = []
        for edit, guess in zip(edits, predicted):
            answer = server.send(kind, edit[0], edit[1])
            expected = list(answer) if with_network else list(answer[:2])
            got = None if guess is None else (guess if with_network else guess[:2])
            if got != expected:
                mismatches.append("%r → page %r, server %r" % (edit, got, expected))
        self.assertEqual(mismatches, [], "%d of %d edits differ" % (len(mismatches), len(edits)))

    def card_numbers(self):
        """Every range's ends, at every length from one digit to one more than the network takes."""
        numbers = set()
        for network in self.rules["cardNumber"]["networks"]:
            longest = max(network["lengths"])
            for bound in re.split(r"[ -]", network["ranges"]):
                if not bound:
                    continue
                for length in range(1, longest + 2):
                    numbers.add((bound + "0" * 20)[:length])
        return sorted(numbers)

    def test_card_numbers_of_every_network_are_grouped_and_branded_as_the_server_does(self):
        server = self.open_with_server()
        # Each edit replaces the whole value with digits: no separator deletion to mirror.
        edits = [[digits, len(digits), None] for digits in self.card_numbers()]
        self.compare("cardNumber", edits, server, with_network=True)

    def test_expiry_dates_typed_and_corrected_key_by_key_are_formatted_as_the_server_does(self):
        server = self.open_with_server()
        # Each a run of edits on what the field shows: text typed at the end (a backspace as
        # "\b"), ("backspace", caret), ("insert", caret, text), ("replace", start, end, text): a
        # selection typed over.
        runs = [["1230\b\b"], ["0429\b\b"], ["4\b"], ["13\b\b"], ["19\b"], ["1/5\b\b"], ["00\b"], ["2\b"],
                ["11/2\b\b"], ["10/\b"], ["09/3"], ["1/\b"], ["123"],
                ["1230", ("backspace", 2), ("insert", 1, "3"), ("backspace", 5), ("insert", 0, "1")],
                ["1", ("insert", 1, "/"), ("backspace", 3), ("insert", 0, "0")],
                ["12", ("insert", 0, "0"), ("backspace", 1), ("insert", 2, "5")],
                ["0530", ("backspace", 1), ("insert", 0, "9")],
                ["1230", ("replace", 1, 2, "3")], ["0530", ("replace", 0, 2, "1")], ["1129", ("replace", 3, 5, "")]]
        mismatches = []
        edits = 0
        for run in runs:
            shown = ""
            for value, caret in self.expiry_edits(run, lambda: shown):
                edit = [value, caret, shown]
                guess = self.driver.execute_script(PREDICT, "expiryDate", [edit])[0]
                answer = server.send("expiryDate", value, caret)
                # A key is always predicted; only text arriving at once is left to the server.
                if guess is None and len(value) - len(shown) < 2 or guess is not None and guess[:2] != list(answer[:2]):
                    mismatches.append("%r → page %r, server %r" % (edit, guess and guess[:2], answer[:2]))
                shown = answer[0]
                edits += 1
            server.send("expiryDate", "", 0)
        self.assertEqual(mismatches, [], "%d of %d edits differ" % (len(mismatches), edits))

    @staticmethod
    def expiry_edits(run, shown):
        """Yields (value, caret) for each key of `run`, each applied to what the field shows then."""
        for step in run:
            if isinstance(step, str):
                for key in step:
                    current = shown()
                    value = current[:-1] if key == "\b" else current + key
                    yield value, len(value)
            elif step[0] == "backspace":
                current, caret = shown(), step[1]
                yield current[:caret - 1] + current[caret:], caret - 1
            elif step[0] == "insert":
                current, caret, text = shown(), step[1], step[2]
                yield current[:caret] + text + current[caret:], caret + len(text)
            else:
                current, start, end, text = shown(), step[1], step[2], step[3]
                yield current[:start] + text + current[end:], start + len(text)

    NAMES = ["jean-luc o'neil", "mcdonald", "élodie d’arc", "li  wei", "straße", "o'", "anne-marie van der berg",
             "dr. jane doe", "王小明", "wu", "x1"]

    def name_edits(self):
        edits = []
        for name in self.NAMES:
            for end in range(1, len(name) + 1):
                edits.append([name[:end], end, name[:end - 1]])
        return edits

    def test_names_are_capitalised_as_the_server_does(self):
        self.compare("cardholderName", self.name_edits(), self.open_with_server())

    def test_names_are_capitalised_the_same_under_pxp_rules(self):
        # The page carries no name rules: PXP's (3 to 100 characters, no periods) change what is
        # valid, never how a name is written.
        server = self.open_with_server(cardholderName={"rules": "pxp"})
        self.assertNotIn("cardholderName", self.rules)
        self.compare("cardholderName", self.name_edits(), server)
