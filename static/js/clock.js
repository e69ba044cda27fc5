/* A timed session's clock on the board and the tablets: counts the minutes left down from the seconds the
   server gave with the page (the tablet's own clock may be wrong), warns in the last ten minutes and says time
   is called when they run out. The board's polling gives fresh seconds through Treys.setClock. */
(function () {
  "use strict";
  var WARNING_MINUTES = 10;
  var clocks = [];

  function words(clock, minutes) {
    if (clock.called || minutes <= 0) { return "Time is called: finish the hand in play."; }
    var left = minutes + (minutes === 1 ? " minute left" : " minutes left");
    if (minutes <= WARNING_MINUTES) { return left + ": time is called at " + clock.endsAt + "."; }
    return left + " (ends at " + clock.endsAt + ").";
  }

  function show(clock) {
    var seconds = Math.max(0, Math.round((clock.deadline - Date.now()) / 1000));
    var minutes = clock.called ? 0 : Math.ceil(seconds / 60);
    var called = clock.called || minutes <= 0;
    var text = words(clock, minutes);
    if (clock.node.textContent !== text) { clock.node.textContent = text; }
    clock.node.classList.toggle("is-called", called);
    clock.node.classList.toggle("is-warning", !called && minutes <= WARNING_MINUTES);
  }

  function read(node) {
    return {
      node: node,
      endsAt: node.getAttribute("data-ends-at"),
      called: node.getAttribute("data-called") === "1",
      deadline: Date.now() + 1000 * (parseInt(node.getAttribute("data-seconds-left"), 10) || 0)
    };
  }

  document.querySelectorAll("[data-clock]").forEach(function (node) { clocks.push(read(node)); });
  if (!clocks.length) { return; }

  window.Treys = window.Treys || {};
  window.Treys.setClock = function (doc) {
    clocks.forEach(function (clock) {
      clock.called = doc.called;
      clock.deadline = Date.now() + 1000 * doc.seconds_left;
      show(clock);
    });
  };
  clocks.forEach(show);
  window.setInterval(function () { clocks.forEach(show); }, 5000);
}());
