// cardform page script, per-field events for the parent window (embed.js callbacks): focus, blur,
// paste, validationPassed and validationFailed ({field, code}). Each names the field and its state
// only, never what is typed in it. Validity comes from the formState block the server renders
// (data-cf-passed, data-cf-failed), so the page tells what the server decided. See
// cardform.js for how the parts fit.
(function (ns) {
  "use strict";

  // The field events of the form `cf` (see cardform.js): afterApply, called with every answer
  // applied, and lastField, the field last edited (what a `change` is about).
  ns.fieldEvents = function (cf) {
    var form = cf.form;
    var lastField = null;
    var verdicts = currentVerdicts();

    function fieldName(target) {
      var name = target && target.name;
      if (!name || name.charAt(0) === "_" || target.type === "hidden") return null;
      return name;
    }

    // field → "" (valid) or its error code, from the formState block.
    function currentVerdicts() {
      var state = cf.morph.findBlock("formState");
      var verdicts = {};
      if (!state) return verdicts;
      split(state.getAttribute("data-cf-passed")).forEach(function (field) { verdicts[field] = ""; });
      split(state.getAttribute("data-cf-failed")).forEach(function (pair) {
        var colon = pair.indexOf(":");
        if (colon > 0) verdicts[pair.slice(0, colon)] = pair.slice(colon + 1);
      });
      return verdicts;
    }

    function split(text) { return (text || "").split(" ").filter(Boolean); }

    function afterApply() {
      var next = currentVerdicts();
      Object.keys(next).forEach(function (field) {
        if (next[field] === verdicts[field]) return;
        if (next[field] === "") cf.parent.tell({ type: "validationPassed", field: field });
        else cf.parent.tell({ type: "validationFailed", field: field, code: next[field] });
      });
      verdicts = next;
    }

    form.addEventListener("focusin", function (event) {
      var field = fieldName(event.target);
      if (field) cf.parent.tell({ type: "focus", field: field });
    });
    form.addEventListener("focusout", function (event) {
      var field = fieldName(event.target);
      if (field) cf.parent.tell({ type: "blur", field: field });
    });
    form.addEventListener("input", function (event) {
      var field = fieldName(event.target);
      if (!field) return;
      lastField = field;
      if (event.inputType === "insertFromPaste") cf.parent.tell({ type: "paste", field: field });
    });
    form.addEventListener("change", function (event) {
      var field = fieldName(event.target);
      if (field) lastField = field;
    });

    return { afterApply: afterApply, lastField: function () { return lastField; } };
  };
})(window.CardFormPage = window.CardFormPage || {});
