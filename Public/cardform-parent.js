// cardform page script, telling the parent window (the merchant's page, through embed.js) what
// happens: postMessage({source: "cardform", type, …}) with ready, change, resize, complete and
// cancel (and, from cardform-field-events.js, the per-field events), only to the origins the
// session allows. See cardform.js for how the parts fit.
(function (ns) {
  "use strict";

  // The messages of the form `cf` (see cardform.js): tell, announceChange, reportHeight.
  ns.parent = function (cf) {
    var parentOrigins = (cf.form.getAttribute("data-cf-parent-origins") || "").split(" ").filter(Boolean);
    var lastChange = "";
    var completed = null;    // the outcome last told: phase and payment id
    var cancelled = false;
    var lastHeight = 0;

    function tell(message) {
      if (window.parent === window) return;
      message.source = "cardform";
      var origins = parentOrigins.length ? parentOrigins : [location.origin];
      var told = {};
      for (var i = 0; i < origins.length; i++) {
        var origin = target(origins[i]);
        if (origin && !told[origin]) { told[origin] = true; window.parent.postMessage(message, origin); }
      }
    }

    // postMessage needs an exact origin: a pattern (https://*.shop.example) stands for the
    // parent's own origin when it matches as the server matches it (OriginPattern.swift); the
    // browser still delivers only if the parent really is on that origin.
    function target(allowed) {
      if (allowed.indexOf("*.") < 0) return allowed;
      var parent = parentOrigin();
      return parent && matches(allowed, parent) ? parent : null;
    }

    function parentOrigin() {
      if (location.ancestorOrigins && location.ancestorOrigins.length) return location.ancestorOrigins[0];
      try { return document.referrer ? new URL(document.referrer).origin : ""; } catch (e) { return ""; }
    }

    function matches(pattern, origin) {
      var parts = /^(https?):\/\/\*\.([^:\/]+)(?::(\d+))?$/.exec(pattern);
      var url;
      try { url = new URL(origin); } catch (e) { return false; }
      if (!parts) return false;
      var scheme = url.protocol.slice(0, -1);
      if (scheme !== parts[1] && !(parts[1] === "http" && scheme === "https")) return false;
      var host = url.hostname.toLowerCase(), suffix = "." + parts[2].toLowerCase();
      if (host.length <= suffix.length || host.slice(-suffix.length) !== suffix) return false;
      var defaultPort = scheme === "https" ? 443 : 80;
      var port = url.port ? Number(url.port) : defaultPort;
      if (!parts[3]) return port === defaultPort;
      return port === Number(parts[3]) || (parts[3] === "80" && port === 443 && scheme === "https");
    }

    // What the formState block says, told when it changed; while a payment is processing, its
    // outcome is awaited.
    function announceChange() {
      var state = cf.morph.findBlock("formState");
      if (!state) return;
      var change = {
        type: "change",
        isValid: state.getAttribute("data-cf-valid") === "true",
        selectedNetwork: state.getAttribute("data-cf-network") || null,
        availableNetworks: (state.getAttribute("data-cf-networks") || "").split(" ").filter(Boolean),
      };
      var serialized = JSON.stringify(change);
      if (serialized !== lastChange) {
        lastChange = serialized;
        change.field = cf.fieldEvents ? cf.fieldEvents.lastField() : null;  // what the change is about
        tell(change);
      }
      var phase = state.getAttribute("data-cf-phase");
      if (phase === "processing") {
        completed = null;  // a new attempt: its outcome is news again
        cf.transport.waitForResult();
      } else if (phase === "succeeded" || phase === "failed") {
        var key = phase + (state.getAttribute("data-cf-payment") || "");
        if (key !== completed) {
          completed = key;
          tell({ type: "complete", status: phase, paymentId: state.getAttribute("data-cf-payment") || null });
        }
      } else if (phase === "cancelled" && !cancelled) {
        cancelled = true;
        tell({ type: "cancel" });
      }
    }

    function reportHeight() {
      var height = Math.ceil(document.documentElement.getBoundingClientRect().height);
      if (height !== lastHeight) { lastHeight = height; tell({ type: "resize", height: height }); }
    }

    return { tell: tell, announceChange: announceChange, reportHeight: reportHeight };
  };
})(window.CardFormPage = window.CardFormPage || {});
