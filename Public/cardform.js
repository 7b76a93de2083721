// cardform page script: sends each keystroke to the server and applies the HTML blocks it answers.
// Plain JavaScript, no build step. Without it the form still works as a plain post.
//
// Protocol (see Templates/README.md): POST <action>/input with field, value, caret, seq, event,
// page and rev; the answer is a list of <template data-cf-block="NAME" data-cf-rev="N">. Each block
// is morphed into the live element of the same name, so the focused input is never replaced; the
// edited field's value and caret come from data-cf-value/data-cf-caret and are applied only if the
// answer is the latest for that field and the shopper has not typed since it was sent.
//
// Typing feels local at any latency: with the rules the page carries (data-cf-format-rules, from
// the engine's own tables) and cardform-typing.js, each key of a field marked data-cf-format is
// formatted here at once, caret and card brand included; the server's answer then confirms it or,
// when it differs and nothing was typed since, replaces it. The script names no field: inputs say
// how they are formatted (data-cf-format, data-cf-separators, data-cf-digits-only,
// data-cf-capitalise: each from the engine's field table, through the block's field data), the card
// badges sit in data-cf-badges, and a select marked data-cf-choice is sent to its own route.
// ---- Shell mode: a page written by `cardform build`, served from another origin (a CDN) -------
// Its form is empty and names the cardform server in data-cf-server; the session id comes in the
// URL's fragment (#s=<id>), which browsers never send to the CDN. The session's form is fetched
// from <server>/shell/<id> (the server answers only origins the session lists in allowedOrigins),
// swapped in with its action set to <server>/shell/<id>, and this script is run once more: the form
// script below then drives the session's form and sends its events there.
(function () {
  "use strict";

  var shell = document.querySelector("form[data-cf-server]");
  if (!shell) return;
  var script = document.currentScript;
  var server = shell.getAttribute("data-cf-server");
  // The form script below must wait for the session's form rather than drive this empty one.
  shell.removeAttribute("data-cf-block");
  shell.setAttribute("aria-busy", "true");
  shell.inert = true;
  var match = /(?:^#|&)s=([a-z2-7]{26})(?:&|$)/.exec(location.hash);
  if (!window.fetch || !match || !script) return unavailable(null);

  fetch(server + "/shell/" + match[1], { credentials: "omit", cache: "no-store" })
    .then(function (response) {
      return response.json().then(function (body) {
        if (response.ok) return body;
        throw { shopperMessage: body && body.error && body.error.message };
      });
    })
    .then(mount)
    .catch(function (failure) { unavailable(failure && failure.shopperMessage); });

  function mount(answer) {
    var holder = document.createElement("template");
    holder.innerHTML = answer.html;
    var form = holder.content.querySelector("form[data-cf-block]");
    if (!form) throw new Error("the server sent no form");
    form.setAttribute("action", server + answer.action);
    document.documentElement.lang = answer.lang;
    document.documentElement.dir = answer.dir;
    if (answer.title) document.title = answer.title;
    if (answer.theme) {
      var link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = server + answer.theme;
      document.head.appendChild(link);
    }
    shell.parentNode.replaceChild(document.importNode(form, true), shell);
    var again = document.createElement("script");
    again.src = script.src;
    document.head.appendChild(again);
  }

  // Only the server's own words (a localized "expired") are shown, never a network error's.
  function unavailable(message) {
    var notice = document.createElement("p");
    notice.className = "cf-notice";
    notice.setAttribute("role", "alert");
    notice.textContent = message || shell.getAttribute("data-cf-unavailable") || "This payment page is not available.";
    shell.parentNode.replaceChild(notice, shell);
  }
})();

(function () {
  "use strict";

  var form = document.querySelector("form[data-cf-block]");
  if (!form || !window.fetch) return;
  var action = form.getAttribute("action");
  var token = valueOf("_token");
  var page = valueOf("_page");
  var revision = Number(form.getAttribute("data-cf-rev") || 0);
  var parentOrigins = (form.getAttribute("data-cf-parent-origins") || "").split(" ").filter(Boolean);
  var seq = 0;
  var queue = [];          // pending requests, at most one per key; the first one goes next
  var inFlight = false;
  var sent = {};           // field → {seq, value} of the latest keystroke request sent for it
  var notice = null;
  var typing = typingRules();
  var serverCard = null;   // {bin, network} of the card number as the server last rendered it
  var submitWanted = false; // Enter or pay pressed while answers were on their way
  var submitting = false;  // a submit is queued or in flight: never send a second

  function valueOf(name) {
    var input = form.querySelector('input[name="' + name + '"]');
    return input ? input.value : "";
  }

  // ---- Sending: one request in flight, coalescing per field to the latest value --------------

  function enqueue(key, path, params, onDone, onFail) {
    for (var i = 0; i < queue.length; i++) {
      if (queue[i].key === key) { queue[i].params = params; queue[i].onDone = onDone; queue[i].onFail = onFail; return pump(); }
    }
    queue.push({ key: key, path: path, params: params, onDone: onDone, onFail: onFail });
    pump();
  }

  function busy() { return inFlight || queue.length > 0; }

  function pump() {
    if (!inFlight && queue.length === 0 && submitWanted) settled();
    if (inFlight || queue.length === 0) return;
    var item = queue.shift();
    inFlight = true;
    send(item, 0);
  }

  function send(item, attempt) {
    var body = new URLSearchParams(typeof item.params === "function" ? item.params() : item.params);
    body.set("page", page);
    body.set("rev", String(revision));
    if (body.has("field")) {
      seq += 1;
      body.set("seq", String(seq));
      sent[body.get("field")] = { seq: seq, value: body.get("value") };
    }
    fetch(action + item.path, {
      method: "POST",
      headers: { "X-CardForm-Token": token, "Content-Type": "application/x-www-form-urlencoded" },
      body: body,
      credentials: "same-origin",
    }).then(function (response) {
      if (response.status === 410 || response.status === 404) { location.reload(); return ""; }
      if (!response.ok) { var failure = new Error("HTTP " + response.status); failure.status = response.status; throw failure; }
      return response.text();
    }).then(function (html) {
      showNotice(false);
      apply(html);
      if (item.onDone) item.onDone();
      inFlight = false;
      pump();
    }).catch(function (error) {
      // Retried once at once; then, unless refused (4xx), again and again more slowly, so what
      // was typed offline reaches the server when it is back, as the notice promises. A retry
      // reads the field again, so it carries the latest value.
      var refused = error && error.status >= 400 && error.status < 500;
      if (attempt === 0 || !refused) {
        if (attempt > 0) showNotice(true);
        setTimeout(function () { send(item, attempt + 1); }, Math.min(300 * Math.pow(2, attempt), 10000));
        return;
      }
      showNotice(true);
      if (item.onFail) item.onFail();
      inFlight = false;
      pump();
    });
  }

  function showNotice(visible) {
    if (!notice && !visible) return;
    if (!notice) {
      notice = document.createElement("p");
      notice.className = "cf-notice";
      notice.setAttribute("role", "status");
      notice.textContent = form.getAttribute("data-cf-offline") || "Connection lost. Your changes will be sent when it is back.";
      form.parentNode.insertBefore(notice, form.nextSibling);
    }
    notice.hidden = !visible;
  }

  function caretOf(input) {
    try { return input.selectionStart == null ? input.value.length : input.selectionStart; }
    catch (e) { return input.value.length; }
  }

  function fieldEvent(input, event) {
    var name = input.name;
    if (!name || name.charAt(0) === "_" || input.hasAttribute("data-cf-choice")) return;
    // Parameters are read when the request leaves, so a coalesced request carries the latest value.
    enqueue("field:" + name, "/input", function () {
      return { field: name, value: input.value, caret: String(caretOf(input)), event: event };
    });
  }

  // ---- Typing at once: each key formatted here as the server will format it ----------------

  function typingRules() {
    var holder = document.querySelector("[data-cf-format-rules]");
    if (!holder || !window.CardFormTyping) return null;
    try {
      return window.CardFormTyping.create(JSON.parse(holder.getAttribute("data-cf-format-rules")));
    } catch (e) {
      return null; // without rules the server formats every key, as it always does
    }
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

  // ---- Applying answers --------------------------------------------------------------------

  function apply(html) {
    if (!html) return;
    var holder = document.createElement("template");
    holder.innerHTML = html;
    var fragments = holder.content.querySelectorAll("template[data-cf-block]");
    for (var i = 0; i < fragments.length; i++) {
      var fragment = fragments[i];
      var rev = Number(fragment.getAttribute("data-cf-rev") || 0);
      if (rev > revision) revision = rev;
      var next = fragment.content.firstElementChild;
      var live = findBlock(fragment.getAttribute("data-cf-block"));
      if (next && live) morph(live, next);
      if (next) noteServerCard(next);
      if (fragment.hasAttribute("data-cf-field")) echo(fragment);
    }
    repredict();
    announceChange();
  }

  function findBlock(key) {
    var parts = key.split("#");
    var all = document.querySelectorAll('[data-cf-block="' + parts[0].replace(/"/g, "") + '"]');
    return all[parts.length > 1 ? Number(parts[1]) - 1 : 0] || null;
  }

  // The server's formatted value and caret, if nothing newer was typed or sent meanwhile. When the
  // page already shows that value (it formatted the key itself), the caret stays where it is.
  function echo(fragment) {
    var field = fragment.getAttribute("data-cf-field");
    var input = form.querySelector('[name="' + field + '"]');
    var last = sent[field];
    if (!input || input.tagName === "SELECT" || !last) return;
    if (Number(fragment.getAttribute("data-cf-seq")) !== last.seq || input.value !== last.value) return;
    var value = fragment.getAttribute("data-cf-value");
    if (input.value === value) return;
    input.value = value;
    if (document.activeElement === input) setCaret(input, Number(fragment.getAttribute("data-cf-caret")));
  }

  function setCaret(input, caret) {
    try { input.setSelectionRange(caret, caret); } catch (e) { /* type=email has no selection */ }
  }

  function keyOf(node) {
    if (node.nodeType !== 1) return null;
    return node.getAttribute("data-cf-block") || node.id || node.getAttribute("name") || null;
  }

  // Patches `from` in place until it matches `to`; nodes with the same key are kept, never moved.
  function morph(from, to) {
    if (from.nodeType !== 1) {
      if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
      return;
    }
    var fromAttrs = from.attributes, toAttrs = to.attributes, i;
    for (i = fromAttrs.length - 1; i >= 0; i--) {
      if (!to.hasAttribute(fromAttrs[i].name)) from.removeAttribute(fromAttrs[i].name);
    }
    for (i = 0; i < toAttrs.length; i++) {
      if (from.getAttribute(toAttrs[i].name) !== toAttrs[i].value) from.setAttribute(toAttrs[i].name, toAttrs[i].value);
    }
    var focused = from === document.activeElement;
    if (from.tagName === "INPUT" && (from.type === "checkbox" || from.type === "radio") && !focused) {
      from.checked = to.hasAttribute("checked");
    }
    if (from.tagName === "INPUT" || from.tagName === "TEXTAREA") return;
    morphChildren(from, to);
    if (from.tagName === "SELECT" && !focused) {
      var chosen = to.querySelector("option[selected]");
      if (chosen) from.value = chosen.value;
    }
  }

  function sameKind(a, b) {
    return a.nodeType === b.nodeType && a.nodeName === b.nodeName && keyOf(a) === keyOf(b);
  }

  // A node the new markup no longer needs: text, or a keyed node whose key is gone from it.
  function disposable(node, keys) {
    var key = keyOf(node);
    return node.nodeType !== 1 || (key !== null && !keys[key]);
  }

  // The live node at or after `current` to morph into `next`, or null to insert a copy. A keyed
  // node is found anywhere later; an unkeyed one only past disposable nodes, so when a block goes
  // away (the co-badge choice), the unkeyed row after it, holding the typed CVV, is kept.
  function findMatch(current, next, keys) {
    var key = keyOf(next);
    for (var probe = current; probe; probe = probe.nextSibling) {
      if (sameKind(probe, next)) return probe;
      if (!key && !disposable(probe, keys)) return null;
    }
    return null;
  }

  function morphChildren(from, to) {
    var current = from.firstChild;
    var wanted = Array.prototype.slice.call(to.childNodes);
    var keys = {};
    for (var k = 0; k < wanted.length; k++) { if (keyOf(wanted[k])) keys[keyOf(wanted[k])] = true; }
    for (var i = 0; i < wanted.length; i++) {
      var next = wanted[i];
      var match = current && findMatch(current, next, keys);
      if (match) {
        while (current !== match) { var gone = current; current = current.nextSibling; from.removeChild(gone); }
      }
      if (current && sameKind(current, next)) {
        morph(current, next);
        current = current.nextSibling;
      } else {
        from.insertBefore(document.importNode(next, true), current);
      }
    }
    while (current) { var rest = current; current = current.nextSibling; from.removeChild(rest); }
  }

  // ---- Telling the parent window -----------------------------------------------------------

  function tell(message) {
    if (window.parent === window) return;
    message.source = "cardform";
    var origins = parentOrigins.length ? parentOrigins : [location.origin];
    for (var i = 0; i < origins.length; i++) window.parent.postMessage(message, origins[i]);
  }

  var lastChange = "";
  function announceChange() {
    var state = findBlock("formState");
    if (!state) return;
    var change = {
      type: "change",
      isValid: state.getAttribute("data-cf-valid") === "true",
      selectedNetwork: state.getAttribute("data-cf-network") || null,
      availableNetworks: (state.getAttribute("data-cf-networks") || "").split(" ").filter(Boolean),
    };
    var serialized = JSON.stringify(change);
    if (serialized !== lastChange) { lastChange = serialized; tell(change); }
    var phase = state.getAttribute("data-cf-phase");
    if (phase === "processing") {
      announceChange.completed = null;  // a new attempt: its outcome is news again
      waitForResult();
    } else if (phase === "succeeded" || phase === "failed") {
      var key = phase + (state.getAttribute("data-cf-payment") || "");
      if (key !== announceChange.completed) {
        announceChange.completed = key;
        tell({ type: "complete", status: phase, paymentId: state.getAttribute("data-cf-payment") || null });
      }
    } else if (phase === "cancelled" && !announceChange.cancelled) {
      announceChange.cancelled = true;
      tell({ type: "cancel" });
    }
  }

  // While a payment is processing, one long-poll waits for its outcome (the server answers the
  // changed blocks when it ends, or 204 after a while and we ask again): no busy polling.
  var waiting = false;
  function waitForResult() {
    if (waiting) return;
    waiting = true;
    var url = action + "/events?page=" + encodeURIComponent(page) + "&rev=";
    (function poll(delay) {
      fetch(url + revision, { headers: { "X-CardForm-Token": token }, credentials: "same-origin", cache: "no-store" })
        .then(function (response) {
          if (response.status === 204) return null;
          if (!response.ok) throw new Error("HTTP " + response.status);
          return response.text();
        })
        .then(function (html) {
          if (html !== null) { waiting = false; apply(html); return; }
          poll(0);
        })
        .catch(function () { setTimeout(function () { poll(Math.min(delay * 2 || 500, 10000)); }, delay || 500); });
    })(0);
  }

  var lastHeight = 0;
  function reportHeight() {
    var height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height !== lastHeight) { lastHeight = height; tell({ type: "resize", height: height }); }
  }

  // ---- Wiring ------------------------------------------------------------------------------

  // Backspace right after a separator the server inserts (data-cf-separators: the card number's
  // spaces, the expiry's slash) also deletes the character before it, as the server does when it
  // sees only a separator go. Done here so the result does not depend on typing speed.
  var before = new WeakMap(); // input → its value before the edit being made
  form.addEventListener("beforeinput", function (event) {
    var input = event.target;
    before.set(input, input.value);
    var separators = input.getAttribute && input.getAttribute("data-cf-separators");
    if (event.inputType !== "deleteContentBackward" || !separators) return;
    var caret = input.selectionStart;
    if (caret !== input.selectionEnd || caret < 2 || separators.indexOf(input.value.charAt(caret - 1)) < 0) return;
    event.preventDefault();
    input.value = input.value.slice(0, caret - 2) + input.value.slice(caret);
    input.setSelectionRange(caret - 2, caret - 2);
    input.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "deleteContentBackward" }));
  });

  form.addEventListener("input", function (event) {
    var target = event.target;
    if (target.tagName === "SELECT") return;
    var paste = event.inputType === "insertFromPaste";
    predict(target, paste);
    fieldEvent(target, paste ? "paste" : "input");
  });
  form.addEventListener("change", function (event) {
    var target = event.target;
    if (target.tagName !== "SELECT") return;
    var choice = target.getAttribute("data-cf-choice");
    if (choice) {
      var params = {};
      params[choice] = target.value;
      enqueue(choice, "/" + choice, params);
    } else {
      fieldEvent(target, "input");
    }
  });
  form.addEventListener("focusin", function (event) { if (event.target.name) fieldEvent(event.target, "focus"); });
  form.addEventListener("focusout", function (event) { if (event.target.name) fieldEvent(event.target, "blur"); });

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    submit();
  });

  // Enter in a field, or the pay button, while answers are still on their way: the pay button may
  // be disabled only because the answer saying the form is complete has not arrived yet. The wish
  // is kept, and once every answer is in it acts as it would then: pays when the button is enabled.
  form.addEventListener("keydown", function (event) {
    var target = event.target;
    if (event.key !== "Enter" || event.isComposing || target.tagName !== "INPUT" || !busy()) return;
    if (target.type === "checkbox" || target.type === "radio") return;
    event.preventDefault();
    submitWanted = true;
  });
  // A disabled button gets no click, but browsers still send it pointer events.
  form.addEventListener("pointerup", function (event) {
    var button = event.target.closest && event.target.closest("button[type=submit]");
    if (button && button.disabled && busy()) submitWanted = true;
  });

  function settled() {
    submitWanted = false;
    var button = form.querySelector("button[type=submit]");
    if (button && !button.disabled) submit();
  }

  function submit() {
    if (submitting) return;
    submitting = true;
    // Every value goes with the submit, so autofill that fired no input event is not lost.
    enqueue("submit", "/submit", function () {
      var params = new URLSearchParams(new FormData(form));
      params.delete("_token");
      return params;
    }, function () {
      submitting = false;
      // After a refused submit, take the shopper to the first field that needs them.
      var invalid = form.querySelector('[aria-invalid="true"]');
      if (invalid) invalid.focus();
    }, function () { submitting = false; });
  }

  form.addEventListener("click", function (event) {
    var cancel = event.target.closest && event.target.closest("[data-cf-cancel]");
    if (!cancel) return;
    event.preventDefault();
    enqueue("cancel", "/cancel", {});
  });

  noteServerCard(form);
  if (window.ResizeObserver) new ResizeObserver(reportHeight).observe(document.documentElement);
  announceChange();
  tell({ type: "ready" });
  reportHeight();
})();
