// serve --dev only: reloads the page when a template, asset or locale is saved.
// Long-polls /dev/events: the server answers as soon as its version passes the one we know.
(function () {
  "use strict";
  var known = null;

  function poll() {
    var url = "/dev/events" + (known === null ? "" : "?after=" + known);
    fetch(url, { cache: "no-store" }).then(function (response) {
      if (response.status === 204) return poll();
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.text().then(function (text) {
        var version = Number(text);
        if (known !== null && version > known) { location.reload(); return; }
        known = version;
        poll();
      });
    }).catch(function () { setTimeout(poll, 1000); });
  }
  poll();
})();
