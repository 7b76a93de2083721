// cardform page script, shell mode: a page written by `cardform build`, served from another origin
// (a CDN). Its form is empty and names the cardform server in data-cf-server; the session id comes
// in the URL's fragment (#s=<id>), which browsers never send to the CDN. The session's form is
// fetched from <server>/shell/<id> (the server answers only origins the session lists in
// allowedOrigins) and swapped in with its action set to <server>/shell/<id>; the form script
// (cardform.js, which runs after this one) then drives it and sends its events there.
(function (ns) {
  "use strict";

  var shell = document.querySelector("form[data-cf-server]");
  if (!shell) return;
  var server = shell.getAttribute("data-cf-server");
  // The form script must wait for the session's form rather than drive this empty one.
  shell.removeAttribute("data-cf-block");
  shell.setAttribute("aria-busy", "true");
  shell.inert = true;
  var match = /(?:^#|&)s=([a-z2-7]{26})(?:&|$)/.exec(location.hash);
  if (!window.fetch || !match) return unavailable(null);

  fetch(server + "/shell/" + match[1], { credentials: "omit", cache: "no-store" })
    .then(function (response) {
      return response.json().then(function (body) {
        if (response.ok) return body;
        throw { shopperMessage: body && body.error && body.error.message };
      });
    })
    .then(mount)
    .then(start, function (failure) { unavailable(failure && failure.shopperMessage); });

  function mount(answer) {
    var holder = document.createElement("template");
    holder.innerHTML = answer.html;
    var form = holder.content.querySelector("form[data-cf-block]");
    if (!form) throw new Error("the server sent no form");
    form.setAttribute("action", server + answer.action);
    document.documentElement.lang = answer.lang;
    document.documentElement.dir = answer.dir;
    if (answer.colorScheme) document.documentElement.setAttribute("data-cf-color-scheme", answer.colorScheme);
    if (answer.title) document.title = answer.title;
    if (answer.theme) {
      var link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = server + answer.theme;
      document.head.appendChild(link);
    }
    shell.parentNode.replaceChild(document.importNode(form, true), shell);
  }

  // Run in the same microtask checkpoint as `mount`, so no script runs in between. The answer may
  // come before cardform.js has run (deferred scripts wait for each other's download): it then
  // finds the session's form itself when it runs.
  function start() {
    if (ns.start) ns.start();
  }

  // Only the server's own words (a localized "expired") are shown, never a network error's.
  function unavailable(message) {
    var notice = document.createElement("p");
    notice.className = "cf-notice";
    notice.setAttribute("role", "alert");
    notice.textContent = message || shell.getAttribute("data-cf-unavailable") || "This payment page is not available.";
    shell.parentNode.replaceChild(notice, shell);
  }
})(window.CardFormPage = window.CardFormPage || {});
