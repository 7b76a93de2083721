// Test instrumentation for the browser tests and bench/keystroke.py; not part of the product.
//
// Installed in every frame before the page's own scripts (CDP), so tests can tell when the page
// script has no request in flight and its last answer has been applied, and can see script errors
// and CSP violations. `pending` drops only after the answer's body is read and a macrotask has
// passed, i.e. after the page script's promise chain applied it.
(function () {
  if (window.__cf) return;
  var cf = window.__cf = { pending: 0, requests: [], inputs: [], errors: [], announced: [] };
  // While `hold` is set, the page script's requests wait until `release()`: a slow network, on
  // demand, so tests can type while answers are certainly still on their way.
  cf.hold = false;
  cf.held = [];
  cf.release = function () {
    var held = cf.held;
    cf.hold = false;
    cf.held = [];
    held.forEach(function (go) { go(); });
  };
  // The next `fail` requests fail as a lost connection does.
  cf.fail = 0;
  var realFetch = window.fetch;
  window.fetch = function (url, init) {
    // The --dev live-reload long-poll is always open; it is not the page script's work.
    // Nor is the payment-result long-poll, which stays open while a payment is processing.
    if (/\/(dev\/)?events(\?|$)/.test(String(url))) return realFetch.apply(this, arguments);
    var record = { url: String(url), start: performance.now(), end: null };
    record.done = function () {
      setTimeout(function () {
        if (record.end !== null) return;
        record.end = performance.now();
        cf.pending -= 1;
      }, 0);
    };
    cf.pending += 1;
    cf.requests.push(record);
    if (cf.fail > 0) {
      cf.fail -= 1;
      record.done();
      return Promise.reject(new TypeError("Failed to fetch (connection lost, simulated)"));
    }
    var self = this, args = arguments;
    var promise = cf.hold
      ? new Promise(function (go) { cf.held.push(go); }).then(function () { return realFetch.apply(self, args); })
      : realFetch.apply(this, arguments);
    promise.then(function (response) {
      response.__cfRecord = record;
      if (!response.ok) record.done();
    }, record.done);
    return promise;
  };
  var realText = Response.prototype.text;
  Response.prototype.text = function () {
    var promise = realText.apply(this, arguments);
    var record = this.__cfRecord;
    if (record) {
      promise.then(function () { record.read = performance.now(); });
      promise.then(record.done, record.done);
    }
    return promise;
  };
  document.addEventListener("input", function (event) {
    cf.inputs.push({ at: performance.now(), name: event.target && event.target.name });
  }, true);
  // Everything the live region said, in order (a screen reader hears each change), and in
  // `regionLog` each change of its text with when it happened, clearing included.
  cf.regionLog = [];
  new MutationObserver(function () {
    var region = document.querySelector("[data-cf-block=errors]");
    var said = region ? region.textContent.trim() : "";
    if (said && said !== cf.announced[cf.announced.length - 1]) cf.announced.push(said);
    var last = cf.regionLog[cf.regionLog.length - 1];
    if (!last || last.text !== said) cf.regionLog.push({ text: said, at: performance.now() });
  }).observe(document, { childList: true, subtree: true, characterData: true });
  window.addEventListener("error", function (event) { cf.errors.push("error: " + event.message); });
  window.addEventListener("unhandledrejection", function (event) { cf.errors.push("rejection: " + event.reason); });
  document.addEventListener("securitypolicyviolation", function (event) {
    cf.errors.push("CSP: " + event.violatedDirective + " " + event.blockedURI);
  });
})();
