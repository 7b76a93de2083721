// cardform embed: puts a payment form in an iframe on a merchant's page.
//
//   <script src="https://pay.example/embed.js"></script>
//   CardForm.mount(document.getElementById("pay"), {
//     url: "https://pay.example/s/<id>",         // from POST /api/sessions
//     onReady() {}, onChange({isValid, selectedNetwork, availableNetworks, field}) {},
//     onComplete({status, paymentId}) {}, onCancel() {},
//     onFocus({field}) {}, onBlur({field}) {}, onPaste({field}) {},
//     onValidationPassed({field}) {}, onValidationFailed({field, code}) {},
//   });
//
// The iframe follows its content's height; messages are accepted only from the form's own origin
// and its own window. Card data never reaches this page: only these events do (a field's name and
// state, never its value).
(function () {
  "use strict";

  function mount(element, options) {
    if (!element || !options || !options.url) throw new Error("CardForm.mount(element, {url}) needs an element and a url");
    var src = new URL(options.url, document.baseURI);
    var iframe = document.createElement("iframe");
    iframe.src = src.href;
    iframe.title = options.title || "Payment form";
    iframe.className = "cardform-frame";
    iframe.setAttribute("allow", "payment");
    iframe.style.border = "0";
    iframe.style.width = "100%";
    // Small until the form says its height: a frame taller than the form would shrink once it
    // loads, moving the merchant's page; this way it only grows to fit.
    iframe.style.height = (options.initialHeight || 150) + "px";
    iframe.style.display = "block";
    element.appendChild(iframe);

    function onMessage(event) {
      if (event.origin !== src.origin || event.source !== iframe.contentWindow) return;
      var data = event.data;
      if (!data || data.source !== "cardform") return;
      switch (data.type) {
        case "ready": if (options.onReady) options.onReady(); break;
        case "resize":
          if (typeof data.height === "number" && data.height > 0) iframe.style.height = Math.ceil(data.height) + "px";
          break;
        case "change":
          if (options.onChange) {
            options.onChange({ isValid: !!data.isValid, selectedNetwork: data.selectedNetwork || null,
              availableNetworks: data.availableNetworks || [], field: fieldOf(data) });
          }
          break;
        case "focus": if (options.onFocus) options.onFocus({ field: fieldOf(data) }); break;
        case "blur": if (options.onBlur) options.onBlur({ field: fieldOf(data) }); break;
        case "paste": if (options.onPaste) options.onPaste({ field: fieldOf(data) }); break;
        case "validationPassed":
          if (options.onValidationPassed) options.onValidationPassed({ field: fieldOf(data) });
          break;
        case "validationFailed":
          if (options.onValidationFailed) {
            options.onValidationFailed({ field: fieldOf(data), code: typeof data.code === "string" ? data.code : null });
          }
          break;
        case "complete":
          if (options.onComplete) options.onComplete({ status: data.status, paymentId: data.paymentId || null });
          break;
        case "cancel": if (options.onCancel) options.onCancel(); break;
      }
    }
    // Only a field's name passes on: whatever else a message might carry stays here.
    function fieldOf(data) { return typeof data.field === "string" ? data.field : null; }
    window.addEventListener("message", onMessage);

    return {
      iframe: iframe,
      destroy: function () {
        window.removeEventListener("message", onMessage);
        if (iframe.parentNode) iframe.parentNode.removeChild(iframe);
      },
    };
  }

  window.CardForm = { mount: mount };
})();
