/* Hand entry: the card-count helper and the live preview, scored by the server's engine. */
(function () {
  "use strict";
  var form = document.querySelector("form[data-preview-url]");
  if (!form) return;
  var token = form.querySelector("input[name=csrf_token]").value;
  var status = document.getElementById("preview-status");
  var messageBox = document.getElementById("message-box");
  var timer = null;
  var asked = 0;
  var element = window.Treys.element;

  // The card-count helper fills the points field it belongs to.
  function countCards(details) {
    var total = 0;
    details.querySelectorAll("input[data-points]").forEach(function (input) {
      var count = parseInt(input.value, 10);
      if (count > 0) total += count * Number(input.dataset.points);
    });
    details.querySelector("[data-counter-total]").textContent = total.toLocaleString("en-GB");
    document.getElementById(details.dataset.target).value = total ? String(total) : "";
  }

  function schedule() {
    window.clearTimeout(timer);
    timer = window.setTimeout(preview, 350);
  }

  // A number that is not 0 stands out, so the entries can be checked at a glance.
  function mark(input) {
    if (input.matches && input.matches("input.count, input.points")) {
      input.classList.toggle("has-value", parseInt(input.value, 10) > 0);
    }
  }

  form.addEventListener("input", function (event) {
    var details = event.target.closest("details.counter");
    if (details) {
      countCards(details);
      mark(document.getElementById(details.dataset.target));
    }
    mark(event.target);
    schedule();
  });
  form.addEventListener("change", schedule);

  function preview() {
    var mine = ++asked;
    window.Treys.postForm(form.dataset.previewUrl, form, token).then(function (data) {
      if (mine === asked) show(data);
    }).catch(function () {
      if (mine === asked) say(["The preview is not available just now. You can still save."], "warn");
    });
  }

  function clearErrors() {
    form.querySelectorAll("[data-error-for]").forEach(function (box) { box.textContent = ""; });
    form.querySelectorAll(".has-error").forEach(function (node) { node.classList.remove("has-error"); });
    if (messageBox) {
      messageBox.querySelectorAll("li.live").forEach(function (item) { item.remove(); });
      messageBox.classList.toggle("is-empty", !messageBox.querySelector("li"));
    }
  }

  function say(lines, kind, list) {
    status.textContent = "";
    status.className = "preview-status is-" + kind;
    lines.forEach(function (line) { status.appendChild(element("p", "", line)); });
    if (list && list.length) {
      var ul = element("ul");
      list.forEach(function (message) { ul.appendChild(element("li", "", message)); });
      status.appendChild(ul);
    }
  }

  function showProblems(data) {
    var marked = [];
    var general = (data.general || []).slice();
    Object.keys(data.errors || {}).forEach(function (name) {
      var box = form.querySelector('[data-error-for="' + name + '"]');
      data.errors[name].forEach(function (message) {
        if (!box) { general.push(message); return; }
        box.appendChild(element("p", "field-error", message));
        // "who went out" sits just above the Save button: its messages need no repeating there
        if (name !== "went_out" && name !== "concealed") marked.push(message);
      });
      var row = box && box.closest(".row, .went-out-box");
      if (row) row.classList.add("has-error");
    });
    if (messageBox && general.length) {
      var list = messageBox.querySelector("ul");
      general.forEach(function (message) { list.appendChild(element("li", "live", message)); });
      messageBox.classList.remove("is-empty");
    }
    form.querySelectorAll("[data-preview-team]").forEach(function (box) {
      box.querySelector(".preview-score").textContent = "–";
      box.querySelector(".preview-lines").textContent = "";
      box.querySelector(".preview-total").textContent = "";
      box.classList.add("is-waiting");
    });
    var listed = general.concat(marked);
    say([listed.length ? "Not ready to save yet. Please fix:" : "Not ready to save yet: please fix what is marked in red."],
        "problem", listed);
  }

  function showScores(data) {
    data.teams.forEach(function (team, index) {
      var box = form.querySelector('[data-preview-team="' + index + '"]');
      if (!box) return;
      box.classList.remove("is-waiting");
      box.querySelector(".preview-score").textContent = team.score_text;
      var lines = box.querySelector(".preview-lines");
      lines.textContent = "";
      team.lines.forEach(function (line) {
        var item = element("li");
        item.appendChild(element("span", "label", line.label));
        item.appendChild(element("span", "points", line.text));
        lines.appendChild(item);
      });
      box.querySelector(".preview-total").textContent =
        "New total " + team.total_text + " · next initial meld " + team.next_minimum;
    });
    var lines = [data.teams.map(function (t) { return t.name + " " + t.score_text; }).join(" · ")];
    if (data.winner) lines.push("With this hand " + data.winner + " win the game.");
    if (!data.went_out_chosen) {
      lines.push("Still to choose: who went out (or “Nobody” if the stock ran out).");
      say(lines, "waiting");
    } else {
      say(["Ready to save."].concat(lines), "ready");
    }
  }

  function show(data) {
    clearErrors();
    if (data.ok) showScores(data); else showProblems(data);
  }

  preview();
})();
