/* New game: names that follow the number of players, and the first dealer shown by name. */
(function () {
  "use strict";
  var form = document.querySelector("form.new-game");
  if (!form) return;
  var defaults = JSON.parse(form.dataset.teamDefaults);
  var known = Object.keys(defaults).reduce(function (all, key) { return all.concat(defaults[key]); }, []);

  function players() {
    var checked = form.querySelector("input[name=players]:checked");
    return checked ? checked.value : "4";
  }

  function teamNames() {
    var names = defaults[players()];
    if (!names) return;
    form.querySelectorAll(".team-name-input").forEach(function (input) {
      var team = Number(input.dataset.team);
      var typed = input.value.trim();
      if (team < names.length && (typed === "" || known.indexOf(typed) >= 0)) input.value = names[team];
    });
  }

  // A seat's name when none is typed: North, East, South, West at a table of four, else Player N.
  function seatDefault(input) {
    return (players() === "4" && input.dataset.defaultFour) || input.dataset.defaultOther;
  }
  var seatDefaults = [];
  form.querySelectorAll(".player-name-input").forEach(function (input) {
    seatDefaults.push(input.dataset.defaultOther, input.dataset.defaultFour);
  });

  function playerNames() {
    form.querySelectorAll(".player-name-input").forEach(function (input) {
      var typed = input.value.trim();
      if (typed && seatDefaults.indexOf(typed) >= 0) input.value = seatDefault(input);
    });
    dealerNames();
  }

  function dealerNames() {
    form.querySelectorAll("[data-seat-label]").forEach(function (label) {
      var input = form.querySelector('.player-name-input[data-seat="' + label.dataset.seatLabel + '"]');
      if (input) label.textContent = input.value.trim() || seatDefault(input);
    });
  }

  function dealerSeat() {
    var checked = form.querySelector("input[name=first_dealer]:checked");
    if (checked && !checked.closest(".for-" + players())) {
      form.querySelector("input[name=first_dealer][value='0-0']").checked = true;
    }
  }

  function choosePlayers(value) {
    var radio = document.getElementById("players-" + value);
    if (radio) radio.checked = true;
  }

  function rulesetChosen(radio) {
    var count = players();
    var alone = count === "2" || count === "3";
    if (alone && !radio.classList.contains("allows-solo")) choosePlayers(radio.dataset.teamSize);
    else if (!form.dataset.playersChosen) choosePlayers(radio.dataset.teamSize);
    teamNames();
    playerNames();
    dealerSeat();
  }

  form.addEventListener("change", function (event) {
    if (event.target.name === "ruleset") rulesetChosen(event.target);
    if (event.target.name === "players") {
      form.dataset.playersChosen = "1";
      teamNames();
      playerNames();
      dealerSeat();
    }
  });
  form.addEventListener("input", function (event) {
    if (event.target.classList.contains("player-name-input")) dealerNames();
  });
  // The usual game and the last players, remembered on this tablet (nothing is stored on the server).
  var KEY = "treys:last-game";
  function remember() {
    var values = {};
    Array.prototype.forEach.call(form.elements, function (input) {
      if (!input.name || input.name === "csrf_token" || input.name === "table_label") return;
      if (input.type === "radio") { if (input.checked) values[input.name] = input.value; }
      else if (input.type === "text") values[input.name] = input.value;
    });
    try { window.localStorage.setItem(KEY, JSON.stringify(values)); } catch (ignored) { /* no storage */ }
  }

  function recall() {
    var values = null;
    try { values = JSON.parse(window.localStorage.getItem(KEY) || "null"); } catch (ignored) { values = null; }
    var box = document.getElementById("message-box");
    if (!values || (box && !box.classList.contains("is-empty"))) return;
    Array.prototype.forEach.call(form.elements, function (input) {
      if (!(input.name in values)) return;
      if (input.type === "radio") input.checked = input.value === values[input.name];
      else if (input.type === "text") input.value = values[input.name];
    });
    form.dataset.playersChosen = "1";
    var note = document.getElementById("remembered-note");
    if (note) note.hidden = false;
  }

  form.addEventListener("submit", remember);
  var forget = document.getElementById("forget-last");
  if (forget) {
    forget.addEventListener("click", function () {
      form.querySelectorAll(".player-name-input, .team-name-input").forEach(function (input) { input.value = ""; });
      teamNames();
      dealerNames();
      form.querySelector(".player-name-input").focus();
    });
  }
  recall();
  dealerNames();
})();
