// A tablet waiting on a game's page is told what changed (templates/games/_news.html): every 15 seconds,
// and when the tablet wakes, it asks the game's news. The game page shows itself again when the game moved
// on (time called, a hand saved elsewhere, the game over); the hand form keeps its figures and says the news.
(function () {
  "use strict";
  var box = document.getElementById("game-news");
  if (!box || !window.fetch) return;
  var EVERY_MS = 15000;
  var version = box.getAttribute("data-version");
  var shown = box.getAttribute("data-notice");
  var reload = box.getAttribute("data-reload") === "yes";

  function tell(words) {
    box.querySelector(".news-words").textContent = words;
    box.hidden = false;
  }

  function ask() {
    if (document.hidden) return;
    fetch(box.getAttribute("data-url"), { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (news) {
        if (!news) return;
        var notice = news.notice || "";
        if (reload && (String(news.version) !== version || notice !== shown)) {
          window.location.reload();
        } else if (notice && notice !== shown) {
          shown = notice;
          tell(notice);
        }
      }, function () { /* no wifi just now: ask again later */ });
  }

  window.setInterval(ask, EVERY_MS);
  document.addEventListener("visibilitychange", ask);
}());
