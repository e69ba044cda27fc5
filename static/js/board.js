/* The organiser's board: asks for news every few seconds with If-None-Match (304 when nothing changed)
   and updates each table in place; a new round, a new table or a change to the call list reloads the page.
   Between rounds (the server's next_poll) it asks rarely; hidden, not at all; on waking, at once.
   "Last entry N min ago" moves on here, by the server's clock (each answer's Date), between changes: the
   server's 304 says nothing but the minutes moved on (outside a timed session its stamp holds no minute). */
(function () {
  "use strict";
  var board = document.getElementById("board");
  if (!board || !window.fetch) { return; }
  var url = board.getAttribute("data-url");
  var every = parseInt(board.getAttribute("data-poll"), 10) || 5000;
  var etag = null;
  var wait = every;        // the server's next_poll, when it sends one
  var timer = null;
  var tables = [];         // the last document's tables: their hands and last entries
  var offset = 0;          // the server's clock less this browser's, in milliseconds
  var updatedAt = 0;       // when "Updated ..." was last written (0: not since the page or a failed ask)

  // "Updated 14:05:09": at each new document, and once a minute while the answers say nothing changed (as when
  // the minutes on the board came from the server), so a screen reader hears it no more often than before.
  function markUpdated(changed) {
    if (changed || Date.now() - updatedAt >= 60000) {
      updatedAt = Date.now();
      setText(document.getElementById("board-updated"), "Updated " + new Date().toLocaleTimeString("en-GB"));
    }
  }

  // The server's words for a table's facts (TableView.facts_words in app/store/club/clock.py), by its clock now.
  function factsWords(t, minutes) {
    var ago = minutes === 0 ? "just now" : minutes + " min ago";
    if (t.hands === 0) { return "No hand yet · started " + ago; }
    return t.hands + " hand" + (t.hands !== 1 ? "s" : "") + " · last entry " + ago;
  }

  function minutesSince(at) {
    var since = Date.now() + offset - Date.parse(at);
    return isNaN(since) ? null : Math.max(0, Math.floor(since / 60000));
  }

  function heedServerClock(response) {
    var said = Date.parse(response.headers.get("Date") || "");
    if (!isNaN(said)) { offset = said - Date.now(); }
  }

  function showMinutes() {
    tables.forEach(function (t) {
      var section = board.querySelector('[data-game="' + t.game_id + '"]');
      var minutes = t.last_entry_at ? minutesSince(t.last_entry_at) : null;
      if (!section || minutes === null) { return; }
      setText(section.querySelector("[data-field=facts]"), factsWords(t, minutes));
      section.classList.toggle("is-quiet", !t.over && t.counted && !t.owes_last_hand && minutes >= 15);
    });
  }

  function setText(el, text) { if (el && el.textContent !== String(text)) { el.textContent = text; } }

  function number(n) { return n.toLocaleString("en-GB"); }

  function showTable(section, t) {
    section.querySelectorAll("[data-total]").forEach(function (cell) {
      setText(cell, number(t.totals[parseInt(cell.getAttribute("data-total"), 10)]));
    });
    setText(section.querySelector("[data-field=status]"), t.status);
    var version = section.querySelector("[data-field=version]");
    if (version) { version.value = t.version; }
    var over = t.over && t.counted;
    section.classList.toggle("is-over", over);
    section.classList.toggle("is-awaiting", !over && !t.counted);
    section.classList.toggle("is-owing", !over && t.counted && t.owes_last_hand);
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
    tables = doc.tables;
    document.getElementById("time-called").hidden = !doc.time_called || doc.round_over;   // over: no call left to heed
    if (doc.clock && window.Treys && window.Treys.setClock) { window.Treys.setClock(doc.clock); }
    document.getElementById("owing").hidden = doc.owing.length === 0;
    setText(document.getElementById("owing-list"), doc.owing.join(", "));
  }

  function poll() {
    window.clearTimeout(timer);
    if (document.hidden) { return; }      // asked again when the screen wakes
    var headers = etag ? { "If-None-Match": etag } : {};
    fetch(url, { headers: headers, credentials: "same-origin", cache: "no-cache" })
      .then(function (response) {
        if (response.status === 304) { heedServerClock(response); return null; }
        if (!response.ok) { throw new Error("status " + response.status); }
        heedServerClock(response);
        etag = response.headers.get("ETag");
        return response.json();
      })
      .then(function (doc) {
        if (doc) { wait = doc.next_poll ? doc.next_poll * 1000 : every; show(doc); }
        markUpdated(Boolean(doc));
        showMinutes();
      })
      .catch(function () {
        updatedAt = 0;
        setText(document.getElementById("board-updated"), "Waiting for the server…");
      })
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
