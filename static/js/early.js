// Runs in <head>: mark the page as scripted so CSS can show the JS-only controls (no inline script: CSP),
// and apply the colour scheme chosen on this browser (static/js/app.js keeps it) before anything shows.
document.documentElement.classList.add("js");
(function () {
  "use strict";
  var scheme = null;
  try { scheme = window.localStorage.getItem("treys:scheme"); } catch (ignored) { /* storage blocked */ }
  if (scheme === "light" || scheme === "dark") document.documentElement.setAttribute("data-scheme", scheme);
}());
