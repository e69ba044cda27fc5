/* Set checker: tap cards to build a set; the server's engine says what it makes. */
(function () {
  "use strict";
  var form = document.querySelector("form.set-check");
  if (!form) return;
  var input = document.getElementById("cards");
  var verdict = document.getElementById("verdict");
  var token = form.querySelector("input[name=csrf_token]").value;
  var timer = null;
  var asked = 0;
  var SETS = Number(form.dataset.setSize);
  var element = window.Treys.element;

  var SIGNS = { S: "♠", H: "♥", D: "♦", C: "♣" };

  // "7H JK" as chips: 7♥ Joker (hearts and diamonds in red).
  function chips(text) {
    var box = element("span", "picked");
    text.trim().split(/[\s,]+/).filter(Boolean).forEach(function (card) {
      var upper = card.toUpperCase();
      var suit = upper.slice(-1);
      var chip = element("span", "card-chip");
      if (upper === "JK") chip.textContent = "Joker";
      else if (SIGNS[suit]) chip.textContent = upper.slice(0, -1) + SIGNS[suit];
      else chip.textContent = card;
      if (upper !== "JK" && (suit === "H" || suit === "D")) chip.classList.add("is-red");
      box.appendChild(chip);
      box.appendChild(document.createTextNode(" "));
    });
    return box;
  }

  function showPicked() {
    var picked = document.getElementById("picked");
    var box = chips(input.value);
    if (!box.childNodes.length) box.textContent = "none yet";
    box.id = "picked";
    picked.replaceWith(box);
  }

  function cards() {
    return input.value.trim().split(/[\s,]+/).filter(Boolean);
  }

  function suit() {
    var checked = document.querySelector("input[name=picker_suit]:checked");
    return checked ? checked.value : "S";
  }

  function render(data) {
    verdict.textContent = "";
    verdict.className = "verdict " + (data.ok ? "is-set" : "is-not-set");
    verdict.appendChild(element("h2", "verdict-title", data.title));   // the cards are shown above it
    if (data.ok) {
      verdict.appendChild(element("p", "", data.description + " Card points: " +
        data.card_points.toLocaleString("en-GB") + "."));
    }
    var list = element("ul", "verdict-problems");
    (data.problems || []).forEach(function (problem) { list.appendChild(element("li", "", problem)); });
    verdict.appendChild(list);
  }

  function waiting(count) {
    verdict.textContent = "";
    verdict.className = "verdict is-waiting";
    if (!count) return;
    verdict.appendChild(element("h2", "verdict-title", count + " card" + (count === 1 ? "" : "s") + " so far"));
    verdict.appendChild(element("p", "", "A completed set has at least " + SETS + " cards."));
  }

  function check() {
    showPicked();
    var count = cards().length;
    if (count < SETS) { asked++; waiting(count); return; }
    var mine = ++asked;
    window.Treys.postForm(form.dataset.verdictUrl, form, token).then(function (data) {
      if (mine === asked) render(data);
    }).catch(function () { /* the Check button still works */ });
  }

  form.addEventListener("click", function (event) {
    var rank = event.target.closest(".rank-button");
    var action = event.target.closest("[data-picker]");
    if (!rank && !action) return;
    var list = cards();
    if (rank) list.push(rank.dataset.rank === "JK" ? "JK" : rank.dataset.rank + suit());
    else if (action.dataset.picker === "undo") list.pop();
    else list = [];
    input.value = list.join(" ");
    check();
  });
  input.addEventListener("input", function () {
    window.clearTimeout(timer);
    timer = window.setTimeout(check, 400);
  });
  form.addEventListener("change", function (event) {
    if (event.target.name === "ruleset") check();
  });
})();
