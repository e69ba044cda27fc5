/* The organiser's board: asks for news every few seconds with If-None-Match (304 when nothing changed)
   and updates each table in place; a new round, a new table or a change to the call list reloads the page.
   Between rounds (the server's next_poll) it asks rarely; hidden, not at all; on waking, at once. */
(function () {
  "use strict";
  var board = document.getElementById("board");
  if (!board || !window.fetch) { return; }
  var url = board.getAttribute("data-url");
  var every = parseInt(board.getAttribute("data-poll"), 10) || 5000;
  var etag = null;
  var wait = every;        // the server's next_poll, when it sends one
  var timer = null;

  function setText(el, text) { if (el && el.textContent !== String(text)) { el.textContent = text; } }

  function number(n) { return n.toLocaleString("en-GB"); }

  function showTable(section, t) {
    section.querySelectorAll("[data-total]").forEach(function (cell) {
      setText(cell, number(t.totals[parseInt(cell.getAttribute("data-total"), 10)]));
    });
    setText(section.querySelector("[data-field=facts]"), t.facts);
    setText(section.querySelector("[data-field=status]"), t.status);
    var version = section.querySelector("[data-field=version]");
    if (version) { version.value = t.version; }
    var over = t.over && t.counted;
    section.classList.toggle("is-over", over);
    section.classList.toggle("is-awaiting", !over && !t.counted);
    section.classList.toggle("is-owing", !over && t.counted && t.owes_last_hand);
    section.classList.toggle("is-quiet", !over && t.counted && !t.owes_last_hand && t.minutes_since_last_entry >= 15);
  }

  function show(doc) {
    var sections = board.querySelectorAll("[data-game]");
    var calls = doc.calls.map(function (call) { return call.id; }).join(",");
    if (String(doc.round) !== board.getAttribute("data-round") || doc.tables.length !== sections.length ||
        (doc.round_over ? "1" : "0") !== board.getAttribute("data-round-over") ||
        calls !== document.getElementById("calls").getAttribute("data-calls")) {
      window.location.reload();
      return;
    }
    doc.tables.forEach(function (t) {
      var section = board.querySelector('[data-game="' + t.game_id + '"]');
      if (section) { showTable(section, t); }
    });
    document.getElementById("time-called").hidden = !doc.time_called || doc.round_over;   // over: no call left to heed
    if (doc.clock && window.Treys && window.Treys.setClock) { window.Treys.setClock(doc.clock); }
    document.getElementById("owing").hidden = doc.owing.length === 0;
    setText(document.getElementById("owing-list"), doc.owing.join(", "));
    setText(document.getElementById("board-updated"), "Updated " + new Date().toLocaleTimeString("en-GB"));
  }

  function poll() {
    window.clearTimeout(timer);
    if (document.hidden) { return; }      // asked again when the screen wakes
    var headers = etag ? { "If-None-Match": etag } : {};
    fetch(url, { headers: headers, credentials: "same-origin", cache: "no-cache" })
      .then(function (response) {
        if (response.status === 304) { return null; }
        if (!response.ok) { throw new Error("status " + response.status); }
        etag = response.headers.get("ETag");
        return response.json();
      })
      .then(function (doc) {
        if (doc) { wait = doc.next_poll ? doc.next_poll * 1000 : every; show(doc); }
      })
      .catch(function () { setText(document.getElementById("board-updated"), "Waiting for the server…"); })
      .then(function () { window.clearTimeout(timer); timer = window.setTimeout(poll, wait); });
  }
  timer = window.setTimeout(poll, every);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) { poll(); } });
  window.addEventListener("focus", function () { if (!document.hidden) { poll(); } });

  board.querySelectorAll("form[data-confirm]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (!window.confirm(form.getAttribute("data-confirm"))) { event.preventDefault(); }
    });
  });
}());
