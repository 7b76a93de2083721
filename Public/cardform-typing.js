// cardform typing rules: formats a card field the way the server will, so the page can show the
// result of a key at once, before the answer arrives (the answer stays the authority). Pure
// functions over the rules the server ships in the page (CardEngine's FormattingRules, so there is
// one source of truth); no DOM here. cardform-prediction.js uses CardFormPage.typing when present.
//
// Every function takes the input's value and caret (UTF-16 offsets, as selectionStart) and returns
// {value, caret}, or null when it cannot tell what the server would do (the server then decides).
(function (ns) {
  "use strict";

  function create(rules) {
    var card = rules.cardNumber;
    var byId = {};
    var ranged = [];
    card.networks.forEach(function (network, priority) {
      byId[network.id] = network;
      // "51-55 2221-2229 4" → [51, 55, 2221, 2229, 4, 4]
      network.bounds = [];
      network.ranges.split(" ").filter(Boolean).forEach(function (range) {
        var ends = range.split("-");
        network.bounds.push(Number(ends[0]), Number(ends[ends.length - 1]));
      });
      if (!network.longGaps) { network.longGaps = network.gaps; network.shortLength = card.maxDigits; }
      if (network.bounds.length) ranged.push({ network: network, priority: priority });
    });

    // ---- Card number: detection by prefix (CardNetwork.detect) ---------------------------------

    // The number's first 1…8 digits as integers: prefixes[n] is the value of the first n.
    function prefixValues(digits) {
      var values = [0];
      for (var i = 0; i < Math.min(digits.length, 8); i++) values.push(values[i] * 10 + (digits.charCodeAt(i) - 48));
      return values;
    }

    // How the typed prefix relates to one range: complete, partial (still its start) or none.
    function match(low, high, prefixes) {
      var digits = String(low).length;
      var count = prefixes.length - 1;
      if (count >= digits) {
        var value = prefixes[digits];
        return value >= low && value <= high ? { complete: true, score: digits, width: high - low + 1 } : null;
      }
      var scale = Math.pow(10, digits - count);
      var typed = prefixes[count];
      if (typed < Math.floor(low / scale) || typed > Math.floor(high / scale)) return null;
      // Progress inside a short scheme prefix counts; inside a 6–8 digit issuer list it does not.
      return { complete: false, score: digits <= 4 ? count : 0, width: Infinity };
    }

    function ranksBefore(a, b) {
      if (a.score !== b.score) return a.score > b.score;
      if (a.complete !== b.complete) return a.complete;
      if (a.width !== b.width) return a.width < b.width;
      return a.priority < b.priority;
    }

    // The network the form shows for these digits: the best candidate, OTHER when no range
    // matches, null for no digits.
    function detect(digits) {
      if (!digits.length) return null;
      var prefixes = prefixValues(digits);
      var found = [];
      ranged.forEach(function (entry) {
        var best = null;
        var bounds = entry.network.bounds;
        for (var i = 0; i < bounds.length; i += 2) {
          var candidate = match(bounds[i], bounds[i + 1], prefixes);
          if (!candidate) continue;
          candidate.priority = entry.priority;
          candidate.network = entry.network;
          if (!best || ranksBefore(candidate, best)) best = candidate;
        }
        if (best) found.push(best);
      });
      if (!found.length) return byId.OTHER;
      found.sort(function (a, b) { return ranksBefore(a, b) ? -1 : ranksBefore(b, a) ? 1 : 0; });
      return found[0].network;
    }

    function gapsFor(network, count) {
      return count <= network.shortLength ? network.gaps : network.longGaps;
    }

    // CardNumberFormatter.group: the digits grouped by the network's gaps, capped at its longest
    // length, the caret right after the same digit.
    function group(digits, beforeCaret, network) {
      var count = Math.min(digits.length, network.lengths[network.lengths.length - 1]);
      var gaps = gapsFor(network, count);
      var value = "";
      var caret = 0;
      for (var i = 0, gap = 0; i < count; i++) {
        if (gap < gaps.length && gaps[gap] === i) { value += card.separator; gap++; }
        value += digits.charAt(i);
        if (i < beforeCaret) caret = value.length;
      }
      return { value: value, caret: caret };
    }

    // The ASCII digits of `value` and how many precede `caret`; null when it holds other decimal
    // digits (full-width, Arabic-Indic…), which only the server reads.
    function digitsOf(value, caret) {
      if (/[^\x00-\x7F]/.test(value) && /\p{Nd}/u.test(value.replace(/[0-9]/g, ""))) return null;
      var digits = "";
      var before = 0;
      for (var i = 0; i < value.length; i++) {
        var c = value.charAt(i);
        if (c >= "0" && c <= "9") { digits += c; if (i < caret) before++; }
      }
      return { digits: digits, before: before };
    }

    // When `value` is `previous` with one separator gone at the caret, as a backspace just after a
    // separator leaves it (or a forward delete just before one), the digit before that spot goes
    // too, as the server does (EditScanner.backspaceOverSeparator): otherwise the separator would
    // come straight back and the key would seem dead.
    function unseparate(previous, value, caret, separator) {
      if (previous == null || previous.length !== value.length + 1 || caret >= previous.length) return null;
      if (previous.charAt(caret) !== separator) return null;
      if (previous.slice(0, caret) !== value.slice(0, caret) || previous.slice(caret + 1) !== value.slice(caret)) return null;
      for (var i = caret - 1; i >= 0; i--) {
        var c = value.charAt(i);
        if (c >= "0" && c <= "9") return { value: value.slice(0, i) + value.slice(i + 1), caret: i };
      }
      return null;
    }

    // `network` (the server's, when it already spoke about this BIN) or the one the prefix shows;
    // `previous` is what the input held before the edit.
    function cardNumber(value, caret, previous, network) {
      var fixed = unseparate(previous, value, caret, card.separator);
      if (fixed) { value = fixed.value; caret = fixed.caret; }
      var read = digitsOf(value, caret);
      if (!read) return null;
      var digits = read.digits.slice(0, card.maxDigits);
      var shown = network || detect(digits);
      var formatted = group(digits, read.before, shown || byId.OTHER);
      // One character deleted just after a space: the caret stays after the space, as the server
      // keeps it (CardNumberFormatter.keepingCaretAfterSpace).
      if (previous != null && previous.length === value.length + 1 && caret > 0 && value.charAt(caret - 1) === card.separator
          && formatted.value.charAt(formatted.caret) === card.separator) formatted.caret++;
      formatted.network = shown;
      formatted.bin = digits.slice(0, 8);
      return formatted;
    }

    // The input's maxlength for a network: its longest number with its separators.
    function cardNumberLength(network) {
      var longest = network.lengths[network.lengths.length - 1];
      return longest + gapsFor(network, longest).filter(function (gap) { return gap < longest; }).length;
    }

    // ---- Expiry: MM/YY as typed (ExpiryFormatter.stream) --------------------------------------

    var slash = rules.expiryDate.separator;

    function expiryDate(value, caret, previous) {
      var fixed = unseparate(previous, value, caret, slash);
      if (fixed) {
        var left = digitsOf(fixed.value, fixed.caret);
        return left && stream(left.digits, left.before, false);
      }
      // A paste or an autofill (two or more characters at once) may be a whole date written any
      // way: the server reads those.
      if (value.length - (previous || "").length >= 2) return null;
      var read = digitsOf(value, caret);
      if (!read) return null;
      var digits = read.digits;
      var before = read.before;
      var at = value.indexOf(slash);
      var monthDigits = at < 0 ? -1 : value.slice(0, at).replace(/[^0-9]/g, "").length;
      // "1/" typed by hand means January.
      if (monthDigits === 1 && digits.length && digits.charAt(0) !== "0") {
        digits = "0" + digits;
        if (before > 0) before++;
      }
      return stream(digits, before, monthDigits === 1 || monthDigits === 2);
    }

    function stream(digits, before, monthAsWritten) {
      var out = "";
      var caret = 0;
      var month = 0;
      var year = 0;
      for (var i = 0; i < digits.length; i++) {
        var d = digits.charAt(i);
        if (month < 2) {
          if (monthAsWritten) {
            out += d; month++;
          } else if (month === 0 && d >= "2") {
            out += "0" + d; month = 2;
          } else if (month === 1 && out.charAt(0) === "1" && d >= "3") {
            out = "0" + out;
            if (caret > 0) caret++;
            out += slash + d; month = 2; year = 1;
          } else if (!(month === 1 && out.charAt(0) === "0" && d === "0")) {
            out += d; month++;
          }
          if (month === 2 && year === 0) out += slash;
        } else if (year < 2) {
          out += d; year++;
        }
        if (i < before) caret = out.length;
      }
      return { value: out, caret: caret };
    }

    // ---- Cardholder name: each word's first letter in capitals (CardholderNameFormatter) -------

    var segmenter = window.Intl && Intl.Segmenter ? new Intl.Segmenter() : null;

    function characters(text) {
      if (segmenter) return Array.from(segmenter.segment(text), function (part) { return part.segment; });
      return Array.from(text);
    }

    function cardholderName(value, caret, capitalise) {
      if (!capitalise) return { value: value, caret: caret };
      var out = "";
      var caretOut = 0;
      var consumed = 0;
      var wordLength = 0;
      var afterPrefixApostrophe = false;
      characters(value).forEach(function (character) {
        var start = consumed;
        consumed += character.length;
        var letter = /^\p{Alphabetic}/u.test(character);
        out += letter && (wordLength === 0 || afterPrefixApostrophe) ? character.toUpperCase() : character;
        if (start < caret) caretOut = out.length;
        afterPrefixApostrophe = (character === "'" || character === "\u2019") && wordLength === 1;
        wordLength = character === " " || character === "-" ? 0 : wordLength + 1;
      });
      return { value: out, caret: caretOut };
    }

    // ---- Security code: digits only, as many as the network's code has ------------------------

    function securityCodeLength(network) {
      var lengths = (network || byId.OTHER).securityCode;
      return lengths[lengths.length - 1];
    }

    return {
      network: function (id) { return byId[id] || null; },
      detect: detect,
      cardNumber: cardNumber,
      cardNumberLength: cardNumberLength,
      expiryDate: expiryDate,
      cardholderName: cardholderName,
      securityCodeLength: securityCodeLength,
    };
  }

  ns.typing = { create: create };
})(window.CardFormPage = window.CardFormPage || {});
