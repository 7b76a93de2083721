// cardform page script, typing at once: each key of a field marked data-cf-format is formatted here
// as the server will format it (with the rules the page carries in data-cf-format-rules, from the
// engine's own tables, and cardform-typing.js), caret and card brand included; the server's answer
// then confirms it or, when it differs and nothing was typed since, replaces it. The script names
// no field: inputs say how they are formatted (data-cf-format, data-cf-separators,
// data-cf-digits-only, data-cf-capitalise: each from the engine's field table, through the block's
// field data) and the card badges sit in data-cf-badges. See cardform.js for how the parts fit.
(function (ns) {
  "use strict";

  // The prediction of the form `cf` (see cardform.js): beforeInput, predict, noteServerCard and
  // repredict.
  ns.prediction = function (cf) {
    var form = cf.form;
    var caretOf = ns.caret.of, setCaret = ns.caret.set;
    var typing = typingRules();
    var serverCard = null;   // {bin, network} of the card number as the server last rendered it
    var before = new WeakMap(); // input → its value before the edit being made

    function typingRules() {
      var holder = document.querySelector("[data-cf-format-rules]");
      if (!holder || !ns.typing) return null;
      try {
        return ns.typing.create(JSON.parse(holder.getAttribute("data-cf-format-rules")));
      } catch (e) {
        return null; // without rules the server formats every key, as it always does
      }
    }

    // Backspace right after a separator the server inserts (data-cf-separators: the card number's
    // spaces, the expiry's slash) also deletes the character before it, as the server does when it
    // sees only a separator go; Delete just before one skips it (deleteForward). Done here so the
    // result does not depend on typing speed.
    function beforeInput(event) {
      var input = event.target;
      before.set(input, input.value);
      var separators = input.getAttribute && input.getAttribute("data-cf-separators");
      if (event.inputType === "deleteContentForward" && separators) return deleteForward(event, input, separators);
      if (event.inputType !== "deleteContentBackward" || !separators) return;
      var caret = input.selectionStart;
      if (caret !== input.selectionEnd || caret < 2 || separators.indexOf(input.value.charAt(caret - 1)) < 0) return;
      event.preventDefault();
      input.value = input.value.slice(0, caret - 2) + input.value.slice(caret);
      input.setSelectionRange(caret - 2, caret - 2);
      input.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "deleteContentBackward" }));
    }

    // Delete just before a separator skips it and deletes the character after it, the caret after
    // the separator: `4111| 2222` → `4111 |222 2`, `12|/30` → `12/|0` (never `01/30`). The server,
    // seeing only value and caret, cannot tell this Delete from a Backspace after the separator,
    // so the page sends what the shopper meant.
    function deleteForward(event, input, separators) {
      var caret = input.selectionStart;
      if (caret !== input.selectionEnd || caret + 1 >= input.value.length) return;
      if (separators.indexOf(input.value.charAt(caret)) < 0) return;
      event.preventDefault();
      input.value = input.value.slice(0, caret + 1) + input.value.slice(caret + 2);
      input.setSelectionRange(caret + 1, caret + 1);
      input.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "deleteContentForward" }));
    }

    // The formatters the page has, by data-cf-format: each returns {value, caret}, or null to leave
    // the key to the server. An input marked data-cf-digits-only that none of them formats (the
    // security code, whose digits never come back from the server, or any field while the rules are
    // missing) keeps its digits and separators.
    var formatters = {
      "card-number": function (input, caret, previous) { return cardNumber(input, caret, previous); },
      "expiry-date": function (input, caret, previous, paste) {
        return paste ? null : typing.expiryDate(input.value, caret, previous);
      },
      "name": function (input, caret) {
        return typing.cardholderName(input.value, caret, input.hasAttribute("data-cf-capitalise"));
      },
    };

    function predict(input, paste) {
      var kind = input.getAttribute("data-cf-format");
      var previous = before.get(input);
      before.delete(input);
      var caret = caretOf(input);
      var result = null;
      if (typing && kind && Object.prototype.hasOwnProperty.call(formatters, kind)) {
        result = formatters[kind](input, caret, previous, paste);
      } else if (input.hasAttribute("data-cf-digits-only")) {
        result = digitsOnly(input.value, caret, input.getAttribute("data-cf-separators") || "");
      }
      if (!result) return;
      if (input.value !== result.value) input.value = result.value;
      if (document.activeElement === input && (input.selectionStart !== result.caret || input.selectionEnd !== result.caret)) {
        setCaret(input, result.caret);
      }
    }

    // The card number formatted by the network the server showed for the same BIN (it may know it
    // from BIN data: a co-badged card) or, for a BIN it has not seen, by the one the prefix shows,
    // whose brand is then shown at once.
    function cardNumber(input, caret, previous) {
      var result = typing.cardNumber(input.value, caret, previous, null);
      if (!result) return null;
      var server = serverCard || { bin: "", network: null };
      if (result.bin === server.bin) {
        return server.network ? typing.cardNumber(input.value, caret, previous, typing.network(server.network)) : result;
      }
      showNetwork(input, result.network);
      return result;
    }

    // What the server rendered for the card number, from a block it sent: the BIN its value starts
    // with and the network it shows.
    function noteServerCard(block) {
      var input = block.querySelector('[data-cf-format="card-number"]');
      if (!input) return;
      var holder = input.closest("[data-cf-block]");
      serverCard = {
        bin: (input.getAttribute("value") || "").replace(/[^0-9]/g, "").slice(0, 8),
        network: holder && holder.getAttribute("data-cf-network"),
      };
    }

    // After an answer about an older value, the brand the shopper's newer digits show comes back.
    function repredict() {
      var input = typing && form.querySelector('[data-cf-format="card-number"]');
      if (!input || !serverCard) return;
      var result = typing.cardNumber(input.value, 0, null, null);
      if (result && result.bin !== serverCard.bin) showNetwork(input, result.network);
    }

    // The block shows `network` as the server would for a number it has no BIN data about: one
    // badge, selected; the input takes that network's longest number, the security code its length.
    function showNetwork(input, network) {
      var block = input.closest("[data-cf-block]");
      if (!block) return;
      var badges = block.querySelector("[data-cf-badges]");
      if (network) block.setAttribute("data-cf-network", network.id); else block.removeAttribute("data-cf-network");
      if (badges) showBadge(badges, network);
      input.maxLength = typing.cardNumberLength(network || typing.network("OTHER"));
      var codes = form.querySelectorAll('[data-cf-format="security-code"]');
      for (var i = 0; i < codes.length; i++) codes[i].maxLength = typing.securityCodeLength(network);
    }

    return { beforeInput: beforeInput, predict: predict, noteServerCard: noteServerCard, repredict: repredict };
  };

  // `value` without what is neither an ASCII digit nor one of `separators` (the server drops the
  // rest too), the caret after the same character.
  function digitsOnly(value, caret, separators) {
    var kept = "";
    var keptCaret = 0;
    for (var i = 0; i < value.length; i++) {
      var c = value.charAt(i);
      if ((c >= "0" && c <= "9") || separators.indexOf(c) >= 0) kept += c;
      if (i < caret) keptCaret = kept.length;
    }
    return { value: kept, caret: keptCaret };
  }

  function showBadge(badges, network) {
    var images = badges.querySelectorAll("img");
    if (!network) {
      while (badges.firstChild) badges.removeChild(badges.firstChild);
      return;
    }
    if (images.length === 1 && images[0].getAttribute("src") === network.icon) return;
    // A badge the server rendered is copied, so the designer's markup stays.
    var badge = images.length ? images[0].cloneNode(false) : document.createElement("img");
    if (!images.length) { badge.className = "cf-badge"; badge.width = 36; badge.height = 23; }
    badge.classList.add("is-selected");
    badge.setAttribute("src", network.icon || "");
    badge.setAttribute("alt", network.name);
    while (badges.firstChild) badges.removeChild(badges.firstChild);
    badges.appendChild(badge);
  }
})(window.CardFormPage = window.CardFormPage || {});
