// cardform page script: sends each keystroke to the server and applies the HTML blocks it answers.
// Plain JavaScript, no build step. Without it the form still works as a plain post.
//
// Protocol (see Templates/README.md): POST <action>/input with field, value, caret, seq, event,
// page and rev; the answer is a list of <template data-cf-block="NAME" data-cf-rev="N">.
//
// The script is several plain deferred scripts, run in the order `page` loads them
// (assets.scripts), sharing one namespace, window.CardFormPage, and nothing else global:
//   cardform-typing.js      typing: formatting rules as pure functions (no DOM)
//   cardform-morph.js       morph(cf): applying answers (blocks, echo of value and caret); caret
//   cardform-transport.js   transport(cf): the request queue, retries, offline notice, long-poll
//   cardform-prediction.js  prediction(cf): each key formatted at once, the card brand shown
//   cardform-parent.js      parent(cf): postMessage to the parent window, height reporting
//   cardform-announce.js    announce(cf): the live region cleared once heard, focus on the outcome
//   cardform-field-events.js fieldEvents(cf): focus, blur, paste and validation events for the parent
//   cardform-fields.js      field options: no copy/paste where refused, the CVV's show/hide toggle
//   cardform-shell.js       shell mode (`cardform build`): fetches the session's form, then start()
//   cardform.js             start(): this file, the wiring of the form's events and the submit flow
// Each part's factory takes `cf`, the one form's shared object (form, action, token, page,
// revision, and the parts as cf.morph, cf.transport, cf.prediction, cf.parent, cf.announce, cf.fieldEvents), and returns its
// part; the parts call each other through `cf` only when the form is in use, so the order they are
// made in does not matter.
(function (ns) {
  "use strict";

  ns.start = function () {
    var form = document.querySelector("form[data-cf-block]");
    if (!form || !window.fetch) return;
    // A page that loads only some parts (an old `page` template) keeps the plain post.
    if (!ns.caret || !ns.morph || !ns.transport || !ns.prediction || !ns.parent) return;
    var cf = {
      form: form,
      action: form.getAttribute("action"),
      token: valueOf("_token"),
      page: valueOf("_page"),
      revision: Number(form.getAttribute("data-cf-rev") || 0),  // the last data-cf-rev applied
    };
    cf.morph = ns.morph(cf);
    cf.transport = ns.transport(cf);
    cf.prediction = ns.prediction(cf);
    cf.parent = ns.parent(cf);
    if (ns.announce) cf.announce = ns.announce(cf);
    if (ns.fieldEvents) cf.fieldEvents = ns.fieldEvents(cf);
    var submitWanted = false; // Enter or pay pressed while answers were on their way
    var submitting = false;  // a submit is queued or in flight: never send a second

    function valueOf(name) {
      var input = form.querySelector('input[name="' + name + '"]');
      return input ? input.value : "";
    }

    function fieldEvent(input, event) {
      var name = input.name;
      if (!name || name.charAt(0) === "_" || input.hasAttribute("data-cf-choice")) return;
      // Parameters are read when the request leaves, so a coalesced request carries the latest value.
      cf.transport.enqueue("field:" + name, "/input", function () {
        return { field: name, value: input.value, caret: String(ns.caret.of(input)), event: event };
      });
    }

    form.addEventListener("beforeinput", cf.prediction.beforeInput);

    form.addEventListener("input", function (event) {
      var target = event.target;
      if (target.tagName === "SELECT") return;
      var paste = event.inputType === "insertFromPaste";
      cf.prediction.predict(target, paste);
      fieldEvent(target, paste ? "paste" : "input");
    });
    // A select marked data-cf-choice (the co-badge choice) is sent to its own route.
    form.addEventListener("change", function (event) {
      var target = event.target;
      if (target.tagName !== "SELECT") return;
      var choice = target.getAttribute("data-cf-choice");
      if (choice) {
        var params = {};
        params[choice] = target.value;
        cf.transport.enqueue(choice, "/" + choice, params);
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
      if (event.key !== "Enter" || event.isComposing || target.tagName !== "INPUT" || !cf.transport.busy()) return;
      if (target.type === "checkbox" || target.type === "radio") return;
      event.preventDefault();
      submitWanted = true;
    });
    // A disabled button gets no click, but browsers still send it pointer events.
    form.addEventListener("pointerup", function (event) {
      var button = event.target.closest && event.target.closest("button[type=submit]");
      if (button && button.disabled && cf.transport.busy()) submitWanted = true;
    });
    cf.transport.onIdle = function () { if (submitWanted) settled(); };

    function settled() {
      submitWanted = false;
      var button = form.querySelector("button[type=submit]");
      if (button && !button.disabled) submit();
    }

    function submit() {
      if (submitting) return;
      submitting = true;
      // Every value goes with the submit, so autofill that fired no input event is not lost.
      cf.transport.enqueue("submit", "/submit", function () {
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
      cf.transport.enqueue("cancel", "/cancel", {});
    });

    cf.prediction.noteServerCard(form);
    if (window.ResizeObserver) new ResizeObserver(cf.parent.reportHeight).observe(document.documentElement);
    cf.parent.announceChange();
    cf.parent.tell({ type: "ready" });
    cf.parent.reportHeight();
  };

  ns.start();
})(window.CardFormPage = window.CardFormPage || {});
