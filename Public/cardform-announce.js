// cardform page script, for screen readers: what the live region said is cleared once it has been
// heard, so nothing stale is found there later, and focus follows the payment's outcome (to the
// success view; to the decline notice, then on to the first field). See cardform.js for how the
// parts fit.
(function (ns) {
  "use strict";

  // Long enough for a screen reader to read a sentence queued behind what it was saying.
  var HEARD_AFTER_MS = 5000;

  // The live region and outcome of the form `cf` (see cardform.js): afterApply, called with every
  // answer applied.
  ns.announce = function (cf) {
    var said = "";
    var clearing = null;
    var outcome = currentOutcome();

    function currentOutcome() {
      var shown = cf.form.querySelector("[data-cf-outcome]");
      return shown ? shown.getAttribute("data-cf-outcome") + (shown.getAttribute("data-cf-payment") || "") : null;
    }

    function afterApply() {
      var region = cf.form.querySelector("[data-cf-announcement]");
      var text = region ? region.textContent : "";
      if (text && text !== said) {
        if (clearing) clearTimeout(clearing);
        clearing = setTimeout(function () {
          clearing = null;
          said = "";
          if (region.isConnected) region.textContent = "";
        }, HEARD_AFTER_MS);
      }
      said = text;
      var next = currentOutcome();
      if (next === outcome) return;
      outcome = next;
      var shown = next && cf.form.querySelector("[data-cf-outcome]");
      if (shown) shown.focus();
    }

    // From the focused decline notice, Tab goes on to the first field: the card number, to try again.
    cf.form.addEventListener("keydown", function (event) {
      var target = event.target;
      if (event.key !== "Tab" || event.shiftKey || !target.getAttribute) return;
      if (target.getAttribute("data-cf-outcome") !== "failed") return;
      var first = cf.form.querySelector("input:not([type=hidden]):not([disabled]), select:not([disabled])");
      if (!first) return;
      event.preventDefault();
      first.focus();
    });

    return { afterApply: afterApply };
  };
})(window.CardFormPage = window.CardFormPage || {});
