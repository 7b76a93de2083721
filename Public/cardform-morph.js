// cardform page script, applying answers: the server answers a list of
// <template data-cf-block="NAME" data-cf-rev="N">. Each block is morphed into the live element of
// the same name, so the focused input is never replaced; the edited field's value and caret come
// from data-cf-value/data-cf-caret (see echo) and are applied only if the answer is the latest for that field
// and the shopper has not typed since it was sent. See cardform.js for how the parts fit.
(function (ns) {
  "use strict";

  function caretOf(input) {
    try { return input.selectionStart == null ? input.value.length : input.selectionStart; }
    catch (e) { return input.value.length; }
  }

  function setCaret(input, caret) {
    try { input.setSelectionRange(caret, caret); } catch (e) { /* type=email has no selection */ }
  }

  ns.caret = { of: caretOf, set: setCaret };

  // The answers of the form `cf` (see cardform.js): apply(html) and findBlock(key).
  ns.morph = function (cf) {
    function apply(html) {
      if (!html) return;
      var holder = document.createElement("template");
      holder.innerHTML = html;
      var fragments = holder.content.querySelectorAll("template[data-cf-block]");
      for (var i = 0; i < fragments.length; i++) {
        var fragment = fragments[i];
        var rev = Number(fragment.getAttribute("data-cf-rev") || 0);
        if (rev > cf.revision) cf.revision = rev;
        var next = fragment.content.firstElementChild;
        var live = findBlock(fragment.getAttribute("data-cf-block"));
        // data-cf-tag: only the block's own start tag changed; what is inside stays.
        if (next && live) (fragment.hasAttribute("data-cf-tag") ? morphAttributes : morph)(live, next);
        if (next) cf.prediction.noteServerCard(next);
        if (fragment.hasAttribute("data-cf-value")) echo(fragment);
      }
      cf.prediction.repredict();
      cf.parent.announceChange();
      if (cf.fieldEvents) cf.fieldEvents.afterApply();
      if (cf.announce) cf.announce.afterApply();
    }

    function findBlock(key) {
      var parts = key.split("#");
      var all = document.querySelectorAll('[data-cf-block="' + parts[0].replace(/"/g, "") + '"]');
      return all[parts.length > 1 ? Number(parts[1]) - 1 : 0] || null;
    }

    // The server's formatted value and caret, if nothing newer was typed or sent meanwhile. When the
    // page already shows that value (it formatted the key itself), the caret stays where it is.
    // The field is the block's own unless data-cf-field names another (a section carrying it); the
    // caret is at the end unless data-cf-caret says otherwise.
    function echo(fragment) {
      var field = fragment.getAttribute("data-cf-field") || fragment.getAttribute("data-cf-block");
      var input = cf.form.querySelector('[name="' + field + '"]');
      var last = cf.transport.lastSent(field);
      if (!input || input.tagName === "SELECT" || !last) return;
      if (Number(fragment.getAttribute("data-cf-seq")) !== last.seq || input.value !== last.value) return;
      var value = fragment.getAttribute("data-cf-value");
      if (input.value === value) return;
      input.value = value;
      var caret = fragment.hasAttribute("data-cf-caret") ? Number(fragment.getAttribute("data-cf-caret")) : value.length;
      if (document.activeElement === input) setCaret(input, caret);
    }

    return { apply: apply, findBlock: findBlock };
  };

  function keyOf(node) {
    if (node.nodeType !== 1) return null;
    return node.getAttribute("data-cf-block") || node.id || node.getAttribute("name") || null;
  }

  function morphAttributes(from, to) {
    var fromAttrs = from.attributes, toAttrs = to.attributes, i;
    for (i = fromAttrs.length - 1; i >= 0; i--) {
      if (!to.hasAttribute(fromAttrs[i].name)) from.removeAttribute(fromAttrs[i].name);
    }
    for (i = 0; i < toAttrs.length; i++) {
      if (from.getAttribute(toAttrs[i].name) !== toAttrs[i].value) from.setAttribute(toAttrs[i].name, toAttrs[i].value);
    }
  }

  // Patches `from` in place until it matches `to`; nodes with the same key are kept, never moved.
  function morph(from, to) {
    if (from.nodeType !== 1) {
      if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
      return;
    }
    morphAttributes(from, to);
    var focused = from === document.activeElement;
    if (from.tagName === "INPUT" && (from.type === "checkbox" || from.type === "radio") && !focused) {
      from.checked = to.hasAttribute("checked");
    }
    if (from.tagName === "INPUT" || from.tagName === "TEXTAREA") return;
    // What the live region said stays until the page clears it, once heard (cardform-announce.js).
    if (from.hasAttribute("data-cf-announcement") && !to.textContent) return;
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
})(window.CardFormPage = window.CardFormPage || {});
