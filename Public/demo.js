// The --dev demo page: creates a session from the panel, mounts it with embed.js, logs events.
(function () {
  "use strict";
  var config = document.getElementById("demo-config");
  var holder = document.getElementById("payment");
  var events = document.getElementById("demo-events");
  var result = document.getElementById("demo-result");
  var mounted = null;

  function log(text) {
    var item = document.createElement("li");
    item.textContent = new Date().toLocaleTimeString() + "  " + text;
    events.insertBefore(item, events.firstChild);
  }

  function body() {
    var data = new FormData(config);
    var session = {
      amount: Number(data.get("amount")) || undefined,
      currency: String(data.get("currency") || "").toUpperCase() || undefined,
      locale: data.get("locale") || "en",
      orderedAllowedCardNetworks: String(data.get("networks")).split(",").map(function (s) { return s.trim(); }).filter(Boolean),
      surcharges: {},
    };
    String(data.get("surcharges")).split(",").forEach(function (pair) {
      var parts = pair.split("=");
      if (parts.length === 2 && parts[0].trim()) session.surcharges[parts[0].trim()] = Number(parts[1]);
    });
    if (data.get("billing")) {
      session.requiresBillingAddress = true;
      session.billingFields = ["firstName", "lastName", "email", "countryCode", "addressLine1", "addressLine2", "city", "state", "postalCode"];
    }
    if (data.get("customer")) session.customerId = "cus_demo";
    return JSON.stringify(session);
  }

  function showAmount() {
    var data = new FormData(config);
    var amount = Number(data.get("amount"));
    var currency = String(data.get("currency") || "").toUpperCase();
    var label = document.getElementById("demo-amount-label");
    try {
      var format = new Intl.NumberFormat(undefined, { style: "currency", currency: currency });
      // Minor units per the currency (JPY has none, KWD three), as the form itself shows them.
      var minor = Math.pow(10, format.resolvedOptions().maximumFractionDigits);
      label.textContent = amount && currency ? "— " + format.format(amount / minor) : "";
    } catch (e) { label.textContent = ""; }
  }

  function create(event) {
    if (event) event.preventDefault();
    showAmount();
    fetch("/demo/sessions", { method: "POST", headers: { "Content-Type": "application/json" }, body: body() })
      .then(function (response) { return response.json().then(function (json) { return { ok: response.ok, json: json }; }); })
      .then(function (answer) {
        if (!answer.ok) { log("error: " + answer.json.error.code + " — " + answer.json.error.message); return; }
        if (mounted) mounted.destroy();
        result.textContent = "";
        log("session " + answer.json.id.slice(0, 6) + "… created");
        mounted = window.CardForm.mount(holder, {
          url: answer.json.url,
          onReady: function () { log("ready"); },
          onChange: function (change) {
            log("change: valid=" + change.isValid + " network=" + change.selectedNetwork + " available=[" + change.availableNetworks.join(", ") + "]");
          },
          onComplete: function (outcome) {
            log("complete: " + outcome.status + (outcome.paymentId ? " " + outcome.paymentId : ""));
            result.textContent = outcome.status === "succeeded" ? "Thank you! Payment " + outcome.paymentId : "Payment failed — try another card.";
          },
          onCancel: function () { log("cancel"); },
        });
      })
      .catch(function (error) { log("error: " + error); });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-card]");
    if (!button || !navigator.clipboard) return;
    navigator.clipboard.writeText(button.textContent.replace(/\s/g, "")).then(function () { log("copied " + button.textContent); });
  });
  config.addEventListener("submit", create);
  create();
})();
