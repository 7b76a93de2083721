// cardform page script, talking to the server: one request in flight, coalescing per key to the
// latest value, retried while the connection is lost (with a notice saying so), and one long-poll
// for a payment's outcome. Every answer goes to the form's morph. See cardform.js for how the parts
// fit.
(function (ns) {
  "use strict";

  // The requests of the form `cf` (see cardform.js): enqueue, busy, lastSent, waitForResult, and
  // onIdle, which the wiring may set: called whenever nothing is queued or in flight.
  ns.transport = function (cf) {
    var seq = 0;
    var queue = [];          // pending requests, at most one per key; the first one goes next
    var inFlight = false;
    var sent = {};           // field → {seq, value} of the latest keystroke request sent for it
    var notice = null;
    var waiting = false;     // a long-poll for the payment's outcome is open
    var transport = { enqueue: enqueue, busy: busy, lastSent: lastSent, waitForResult: waitForResult, onIdle: null };

    // `params` is an object, or a function read when the request leaves, so a coalesced request
    // carries the latest value. `onDone` runs after its answer is applied, `onFail` when refused.
    function enqueue(key, path, params, onDone, onFail) {
      for (var i = 0; i < queue.length; i++) {
        if (queue[i].key === key) { queue[i].params = params; queue[i].onDone = onDone; queue[i].onFail = onFail; return pump(); }
      }
      queue.push({ key: key, path: path, params: params, onDone: onDone, onFail: onFail });
      pump();
    }

    function busy() { return inFlight || queue.length > 0; }

    function lastSent(field) { return sent[field]; }

    function pump() {
      if (!inFlight && queue.length === 0 && transport.onIdle) transport.onIdle();
      if (inFlight || queue.length === 0) return;
      var item = queue.shift();
      inFlight = true;
      send(item, 0);
    }

    function send(item, attempt) {
      var body = new URLSearchParams(typeof item.params === "function" ? item.params() : item.params);
      body.set("page", cf.page);
      body.set("rev", String(cf.revision));
      if (body.has("field")) {
        seq += 1;
        body.set("seq", String(seq));
        sent[body.get("field")] = { seq: seq, value: body.get("value") };
      }
      fetch(cf.action + item.path, {
        method: "POST",
        headers: { "X-CardForm-Token": cf.token, "Content-Type": "application/x-www-form-urlencoded" },
        body: body,
        credentials: "same-origin",
      }).then(function (response) {
        if (response.status === 410 || response.status === 404) { location.reload(); return ""; }
        if (!response.ok) { var failure = new Error("HTTP " + response.status); failure.status = response.status; throw failure; }
        return response.text();
      }).then(function (html) {
        showNotice(false);
        cf.morph.apply(html);
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
        var form = cf.form;
        notice = document.createElement("p");
        notice.className = "cf-notice";
        notice.setAttribute("role", "status");
        notice.textContent = form.getAttribute("data-cf-offline") || "Connection lost. Your changes will be sent when it is back.";
        form.parentNode.insertBefore(notice, form.nextSibling);
      }
      notice.hidden = !visible;
    }

    // While a payment is processing, one long-poll waits for its outcome (the server answers the
    // changed blocks when it ends, or 204 after a while and we ask again): no busy polling.
    function waitForResult() {
      if (waiting) return;
      waiting = true;
      // The token and the page id go in headers: a URL ends up in proxies' logs, and the page id
      // is what the server shows this page's own card values to.
      var url = cf.action + "/events?rev=";
      (function poll(delay) {
        fetch(url + cf.revision, {
          headers: { "X-CardForm-Token": cf.token, "X-CardForm-Page": cf.page }, credentials: "same-origin", cache: "no-store",
        })
          .then(function (response) {
            if (response.status === 204) return null;
            if (!response.ok) throw new Error("HTTP " + response.status);
            return response.text();
          })
          .then(function (html) {
            if (html !== null) { waiting = false; cf.morph.apply(html); return; }
            poll(0);
          })
          .catch(function () { setTimeout(function () { poll(Math.min(delay * 2 || 500, 10000)); }, delay || 500); });
      })(0);
    }

    return transport;
  };
})(window.CardFormPage = window.CardFormPage || {});
