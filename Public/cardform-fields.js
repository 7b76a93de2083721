// cardform page script, field options the server renders as hooks: inputs marked
// data-cf-no-copy-paste (allowToCopyPaste: false) refuse copy, cut and paste; the CVV's
// show/hide toggle (data-cf-mask-toggle, hidden without this script) switches its input between
// password and text. The server's answers morph blocks back to what it renders (a masked CVV, a
// hidden toggle), so the shopper's choice is kept here and put back after every change. Escape
// hides a tooltip shown by hover or keyboard focus (WAI-ARIA's tooltip pattern), until focus moves
// or the pointer leaves it; the mark is on the root element, which answers never morph.
(function () {
  "use strict";

  var shown = {};

  ["copy", "cut", "paste"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var target = event.target;
      if (target && target.closest && target.closest("[data-cf-no-copy-paste]")) event.preventDefault();
    }, true);
  });

  function sync() {
    var toggles = document.querySelectorAll("[data-cf-mask-toggle]");
    for (var i = 0; i < toggles.length; i++) {
      var toggle = toggles[i];
      var id = toggle.getAttribute("aria-controls");
      var input = document.getElementById(id);
      if (!input) continue;
      var visible = !!shown[id];
      if (toggle.hidden) toggle.hidden = false;
      if (toggle.getAttribute("aria-pressed") !== String(visible)) toggle.setAttribute("aria-pressed", String(visible));
      var type = visible ? "text" : "password";
      if (input.getAttribute("type") !== type) input.setAttribute("type", type);
    }
  }

  document.addEventListener("click", function (event) {
    var toggle = event.target && event.target.closest && event.target.closest("[data-cf-mask-toggle]");
    if (!toggle) return;
    var id = toggle.getAttribute("aria-controls");
    shown[id] = !shown[id];
    sync();
  });

  var DISMISSED = "data-cf-tooltips-dismissed";

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    if (!document.querySelector(".cf-tooltip:hover, .cf-tooltip__button:focus-visible")) return;
    document.documentElement.setAttribute(DISMISSED, "");
  });
  function showTooltipsAgain() { document.documentElement.removeAttribute(DISMISSED); }
  document.addEventListener("focusin", showTooltipsAgain);
  document.addEventListener("mouseout", function (event) {
    var tooltip = event.target && event.target.closest && event.target.closest(".cf-tooltip");
    if (tooltip && !(event.relatedTarget && tooltip.contains(event.relatedTarget))) showTooltipsAgain();
  });

  function start() {
    sync();
    new MutationObserver(sync).observe(document.body, { subtree: true, childList: true, attributes: true,
      attributeFilter: ["type", "hidden", "aria-pressed"] });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
