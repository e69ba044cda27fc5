/* Hand entry: the card-count helper and the live preview, scored by the server's engine. */
(function () {
  "use strict";
  var form = document.querySelector("form[data-preview-url]");
  if (!form) return;
  var token = form.querySelector("input[name=csrf_token]").value;
  var status = document.getElementById("preview-status");
  var summary = document.getElementById("refusal-summary");
  var summaryList = document.getElementById("refusal-list");
  var summaryIntro = document.getElementById("refusal-intro");
  var refused = form.dataset.refused === "yes";
  var editing = form.dataset.editing === "yes";
  var typed = false;
  var timer = null;
  var asked = 0;
  var element = window.Treys.element;
  var store = window.Treys.store;
  var draftKey = store.draftKey(form.dataset.game, form.dataset.hand);

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

  // While the live check is waited for, the form says so (data-checking), so a test can wait as a player does.
  function schedule() {
    window.clearTimeout(timer);
    form.dataset.checking = "yes";
    timer = window.setTimeout(preview, 350);
  }

  // Problems are pointed out once the counting has begun (a points box filled in), on a correction, or after a
  // refused Save: until then a team that went out has not had its sets entered yet, and a red message at the top
  // would push the sets down under the player's finger.
  function started() {
    return refused || editing || Array.prototype.some.call(form.querySelectorAll("input.points"), function (input) {
      return input.value.trim() !== "";
    });
  }

  // A number that is not 0 stands out, so the entries can be checked at a glance.
  function mark(input) {
    if (input.matches && input.matches("input.count, input.points")) {
      input.classList.toggle("has-value", parseInt(input.value, 10) > 0);
    }
  }

  form.addEventListener("input", function (event) {
    typed = true;
    var details = event.target.closest("details.counter");
    if (details) {
      countCards(details);
      mark(document.getElementById(details.dataset.target));
    }
    mark(event.target);
    schedule();
  });
  form.addEventListener("change", function (event) {
    typed = true;
    // "concealed" goes with a team that went out: choosing "Nobody" clears it
    if (event.target.name === "went_out" && event.target.value === "none") {
      form.querySelector("#concealed").checked = false;
    }
    saveDraft();
    schedule();
  });
  form.addEventListener("input", saveDraft);

  function preview() {
    var mine = ++asked;
    form.dataset.checking = "yes";
    window.Treys.postForm(form.dataset.previewUrl, form, token).then(function (data) {
      if (mine === asked) show(data);
    }).catch(function (error) {
      if (window.console) window.console.warn("preview:", error);
      if (mine === asked) say(["The preview is not available just now. You can still save."], "warn");
    }).then(function () {
      if (mine === asked) delete form.dataset.checking;
    });
  }

  function clearErrors() {
    form.querySelectorAll("[data-error-for]").forEach(function (box) { box.textContent = ""; });
    form.querySelectorAll(".has-error").forEach(function (node) { node.classList.remove("has-error"); });
  }

  // Each line is words, or [the state in a few words, the rest] (a narrow screen's bar shows the first part).
  function say(lines, kind) {
    status.textContent = "";
    status.className = "preview-status is-" + kind;
    lines.forEach(function (line) {
      if (typeof line === "string") { status.appendChild(element("p", "", line)); return; }
      var p = element("p", "", line[0]);
      p.appendChild(element("span", "status-detail", line[1]));
      status.appendChild(p);
    });
  }

  // The summary at the top: messages that name no field, and a link to each marked field.
  function showSummary(general, marked) {
    if (!summary) return;
    var kept = typed ? [] : Array.prototype.slice.call(summaryList.querySelectorAll("li.from-server"));
    summaryList.textContent = "";
    kept.forEach(function (item) { summaryList.appendChild(item); });
    general.forEach(function (message) { summaryList.appendChild(element("li", "", message)); });
    if (!refused) marked = [];          // live, a marked field's message stands beside it, and nothing moves
    marked.forEach(function (box) {
      var item = element("li");
      var link = element("a", "", box.dataset.label || box.dataset.errorFor);
      link.href = "#" + (box.dataset.target || box.dataset.errorFor);
      link.dataset.field = box.dataset.errorFor;
      item.appendChild(link);
      item.appendChild(document.createTextNode(": see the message in red there"));
      summaryList.appendChild(item);
    });
    summaryIntro.textContent = refused ? "This hand was not saved. Please fix:" : "Not ready to save yet. Please fix:";
    summary.classList.toggle("is-empty", !summaryList.querySelector("li"));
  }

  // Each team's preview waits for entries the engine can score.
  function waiting() {
    form.querySelectorAll("[data-preview-team]").forEach(function (box) {
      box.querySelector(".preview-score").textContent = "–";
      box.querySelector(".preview-lines").textContent = "";
      box.querySelector(".preview-total").textContent = "";
      box.querySelector(".preview-melded").textContent = "";
      var wins = box.querySelector(".preview-wins");
      if (wins) { wins.textContent = ""; wins.hidden = true; }
      box.classList.add("is-waiting");
    });
  }

  function showProblems(data) {
    var marked = [];
    var general = (data.general || []).slice();
    Object.keys(data.errors || {}).forEach(function (name) {
      var box = form.querySelector('[data-error-for="' + name + '"]');
      if (!box) { general = general.concat(data.errors[name]); return; }
      data.errors[name].forEach(function (message) { box.appendChild(element("p", "field-error", message)); });
      marked.push(box);
      var row = box.closest(".row, .went-out-box");
      if (row) row.classList.add("has-error");
      var more = box.closest("details");
      if (more) more.open = true;
    });
    showSummary(general, marked);
    waiting();
    var count = general.length + marked.length;
    var labels = marked.map(function (box) { return box.dataset.label || box.dataset.errorFor; });
    var where = refused ? ", listed at the top and marked in red." :
      (general.length ? ", at the top" + (marked.length ? " and marked in red." : ".") :
        (", marked in red: " + labels.join(", ")).replace(/([^.?!])$/, "$1."));
    say([[refused ? "This hand was not saved" : "Not ready to save yet",
          (count === 1 ? ": one thing to fix" : ": " + count + " things to fix") + where]], "problem");
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
      box.querySelector(".preview-melded").textContent = team.melded ? "" : "(not melded yet)";
      var total = box.querySelector(".preview-total");      // two phrases, each kept whole on a line
      total.textContent = "";
      total.appendChild(element("span", "", "New total " + team.total_text + " ·"));
      total.appendChild(document.createTextNode(" "));
      total.appendChild(element("span", "", "next initial meld " + team.next_minimum));
    });
    var scores = data.teams.map(function (t) { return t.name + " " + t.score_text; }).join(" · ");
    // who wins is said only once the hand can be saved: an empty last hand names nobody
    var wins = data.went_out_chosen && data.winner ?
      "With this hand " + (data.winner_sentence || data.winner + " wins the game.") : "";
    if (!data.went_out_chosen) {
      say([["Still to choose: who went out", " (at the top)."]], "waiting");
    } else {
      say([["Ready to save", ": " + scores]].concat(wins ? [wins] : []), "ready");
    }
    status.classList.toggle("is-winner", !!wins);
    form.querySelectorAll("[data-preview-team]").forEach(function (box, index) {
      var line = box.querySelector(".preview-wins");
      if (!line) return;
      line.textContent = wins && data.teams[index].name === data.winner ? wins : "";
      line.hidden = !line.textContent;
    });
  }

  // What the live check adds or takes away never moves the box or button in use: the page scrolls by as much
  // as it moved (the browser's own scroll anchoring does not act at the top of the page).
  function show(data) {
    var anchor = form.contains(document.activeElement) ? document.activeElement : null;
    var before = anchor ? anchor.getBoundingClientRect().top : 0;
    render(data);
    if (anchor) {
      var moved = anchor.getBoundingClientRect().top - before;
      if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
    }
  }

  function render(data) {
    clearErrors();
    if (!data.ok && !started()) {
      showSummary([], []);
      waiting();
      if (data.went_out_chosen === false) {
        say([["Still to choose: who went out", " (at the top)."]], "waiting");
      } else {
        say([["Still to enter", ": the sets, the red 3s and the points."]], "waiting");
      }
    } else if (data.ok) {
      showSummary([], []);
      showScores(data);
    } else {
      showProblems(data);
    }
  }

  // ---- The draft: every figure kept on the tablet as it is typed (reload, Back, a sleeping tablet).
  function fields() {
    return Array.prototype.filter.call(form.elements, function (input) {
      return input.name && input.name !== "csrf_token" && input.name !== "version" && input.name !== "hand_number";
    });
  }

  function saveDraft() {
    if (editing) return;
    var values = {};
    fields().forEach(function (input) {
      if (input.type === "radio" || input.type === "checkbox") {
        if (input.checked) values[input.name] = input.value;
      } else if (input.type !== "button" && input.type !== "submit") {
        values[input.name] = input.value;
      }
    });
    values.version = form.querySelector("input[name=version]").value;
    store.write(draftKey, values);
  }

  function restoreDraft() {
    var values = store.read(draftKey, null);
    if (editing || refused || !values) return;
    if (values.version !== form.querySelector("input[name=version]").value) {
      store.write(draftKey, null);          // the game changed since: the draft is not for this form
      return;
    }
    fields().forEach(function (input) {
      if (input.type === "radio" || input.type === "checkbox") {
        input.checked = values[input.name] === input.value;
      } else if (input.type !== "button" && input.type !== "submit" && values[input.name] !== undefined) {
        input.value = values[input.name];
      }
      mark(input);
    });
    form.querySelectorAll("details.more-sets").forEach(function (more) {
      if (more.querySelector("input.has-value")) more.open = true;
    });
  }

  // ---- Enter moves to the next field; only the Save button saves.
  function stops() {
    var seen = {};
    return Array.prototype.filter.call(form.querySelectorAll("input, button.button-save"), function (node) {
      if (node.type === "hidden" || node.disabled || node.tabIndex < 0 || node.offsetParent === null) return false;
      if (node.type !== "radio") return true;
      var chosen = form.querySelector('input[name="' + node.name + '"]:checked');
      if (chosen ? node !== chosen : seen[node.name]) return false;
      seen[node.name] = true;
      return true;
    });
  }

  form.addEventListener("keydown", function (event) {
    var target = event.target;
    if (event.key !== "Enter" || target.tagName !== "INPUT") return;
    event.preventDefault();
    var list = stops();
    var at = list.indexOf(target);
    if (at < 0 && target.type === "radio") {
      at = list.indexOf(form.querySelector('input[name="' + target.name + '"]:checked'));
    }
    var next = list[at + 1];
    if (next) next.focus();
  });

  // ---- Save: sent by fetch so that a dropped wifi, or a server that says "not now", keeps the hand on the
  // tablet (and sends it later by itself).
  function keepForLater(item, why) {
    item.why = why;
    window.Treys.outbox.keep(item);
    window.scrollTo(0, 0);
    delete form.dataset.sent;
    form.querySelectorAll("button[type=submit]").forEach(function (button) {
      if (!button.hidden) { button.disabled = false; button.classList.remove("is-busy"); }
    });
  }

  form.addEventListener("submit", function (event) {
    if (editing || form.dataset.native) return;
    event.preventDefault();
    if (form.dataset.sent) return;
    var body = new URLSearchParams(new FormData(form)).toString();
    var item = {
      game: form.dataset.game, hand: form.dataset.hand, url: form.action, formUrl: form.action,
      gameUrl: form.dataset.gameUrl, body: body,
      token: form.querySelector("input[name=client_token]").value, time: Date.now()
    };
    window.Treys.outbox.post(item.url, new URLSearchParams(body)).then(function (response) {
      if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
        store.write(draftKey, null);
        window.location.assign(form.dataset.gameUrl);
      } else if (window.Treys.outbox.notNow(response)) {
        keepForLater(item, "server");          // busy, restarting or unreachable behind the proxy: not now
      } else {
        // refused (the reasons need the page): send it the ordinary way to show them; nothing was recorded
        form.dataset.native = "1";
        form.submit();
      }
    }, function (error) {
      keepForLater(item, error && error.name === "AbortError" ? "server" : "wifi");
    });
  });

  // ---- The count boxes: a tap that meant the - or + button does not open the keyboard.
  // A count box is read-only until it is tapped a second time (or a digit is typed on a keyboard).
  function lock(input) { input.readOnly = true; input.classList.add("is-locked"); }
  function unlock(input) { input.readOnly = false; input.classList.remove("is-locked"); }
  // (the card-count helper's boxes are for typing, so they stay open)
  form.querySelectorAll(".row-stepper > .stepper input.count").forEach(lock);
  form.addEventListener("pointerdown", function (event) {
    var input = event.target;
    if (input.matches && input.matches("input.count.is-locked") && document.activeElement === input) {
      unlock(input);          // the tap itself then brings up the keyboard
    }
  });
  form.addEventListener("keydown", function (event) {
    var input = event.target;
    if (!input.matches || !input.matches("input.count.is-locked")) return;
    if (/^[0-9]$/.test(event.key) || event.key === "Backspace" || event.key === "Delete") unlock(input);
  });
  form.addEventListener("focusout", function (event) {
    if (event.target.matches && event.target.matches(".row-stepper > .stepper input.count")) lock(event.target);
  });

  // ---- After a refused Save: go to the first marked field.
  function focusFirstProblem() {
    var first = form.querySelector(".has-error");
    var target = first && (first.querySelector("input[type=radio]:checked") ||
                           first.querySelector("input:not([type=hidden])"));
    if (first && first.closest("details")) first.closest("details").open = true;
    if (target) {
      target.scrollIntoView({ block: "center" });
      target.focus({ preventScroll: true });
    } else if (summary && !summary.classList.contains("is-empty")) {
      summary.scrollIntoView({ block: "start" });
      summary.focus({ preventScroll: true });
    }
  }

  restoreDraft();
  if (refused) focusFirstProblem();
  preview();
})();
