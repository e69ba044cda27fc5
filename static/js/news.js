// A tablet waiting on a game's page is told what changed (templates/games/_news.html): every 15 seconds,
// and when the tablet wakes, it asks the game's news; while the game waits on nothing (the server's
// next_poll: no clock running, no agreement pending) only every next_poll seconds, and at once on waking.
// It sends the ETag it holds: an unchanged game is a bare 304. The game page shows itself again when the game moved
// on (time called, a hand saved elsewhere, the game over); the hand form keeps its figures and says the news.
(function () {
  "use strict";
  var box = document.getElementById("game-news");
  if (!box || !window.fetch) return;
  var EVERY_MS = 15000;
  var version = box.getAttribute("data-version");
  var shown = box.getAttribute("data-notice");
  var reload = box.getAttribute("data-reload") === "yes";
  var etag = null;
  var waitMs = EVERY_MS;      // the server's next_poll, when it sends one
  var timer = null;

  function later() {
    window.clearTimeout(timer);
    timer = window.setTimeout(ask, waitMs);
  }

  function tell(words) {
    box.querySelector(".news-words").textContent = words;
    box.hidden = false;
    // one message, once: the news says time is called (or the game is over), so the clock's box gives way
    document.querySelectorAll("[data-clock]").forEach(function (clock) { clock.hidden = true; });
  }

  function ask() {
    if (document.hidden) return;            // asked again when the tablet wakes
    var headers = { Accept: "application/json" };
    if (etag) headers["If-None-Match"] = etag;
    fetch(box.getAttribute("data-url"), { credentials: "same-origin", cache: "no-store", headers: headers })
      .then(function (response) {
        if (!response.ok) return null;     // 304: nothing new
        etag = response.headers.get("ETag");
        return response.json();
      })
      .then(function (news) {
        if (!news) return;
        waitMs = news.next_poll ? news.next_poll * 1000 : EVERY_MS;
        var notice = news.notice || "";
        if (reload && (String(news.version) !== version || notice !== shown)) {
          window.location.reload();
        } else if (notice && notice !== shown) {
          shown = notice;
          tell(notice);
        }
      }, function () { /* no wifi just now: ask again later */ })
      .then(later);
  }

  function wake() { if (!document.hidden) ask(); }

  later();
  document.addEventListener("visibilitychange", wake);
  window.addEventListener("focus", wake);
}());
