/* Treys: small helpers for every page. Every page also works without this file. */
(function () {
  "use strict";

  // Send a form's fields to one of the app's JSON endpoints, with the form's CSRF token.
  window.Treys = {
    // A new element with a class and text (text is set as text, never as HTML).
    element: function (tag, className, text) {
      var node = document.createElement(tag);
      if (className) node.className = className;
      if (text !== undefined) node.textContent = text;
      return node;
    },

    postForm: function (url, form, token) {
      return fetch(url, {
        method: "POST",
        body: new URLSearchParams(new FormData(form)),
        headers: { "X-CSRFToken": token, "Accept": "application/json" },
        credentials: "same-origin"
      }).then(function (response) { return response.json(); });
    }
  };

  // − and + buttons around a number input (the input alone still works without JavaScript).
  document.addEventListener("click", function (event) {
    var button = event.target.closest(".step");
    if (!button) return;
    var input = button.parentNode.querySelector("input");
    var value = parseInt(input.value, 10);
    if (isNaN(value)) value = 0;
    input.value = Math.max(0, value + Number(button.dataset.step));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  // Forms marked data-once are sent once: a second tap on the button does nothing.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute("data-once")) return;
    if (form.dataset.sent) {
      event.preventDefault();
      return;
    }
    form.dataset.sent = "1";
    window.setTimeout(function () {
      form.querySelectorAll("button[type=submit]").forEach(function (button) {
        button.disabled = true;
        button.classList.add("is-busy");
      });
    }, 0);
  });

  // Links and forms marked data-busy take a while (a whole session printed, a restore): say so at once,
  // in words, where the tap was, so the page never seems stuck.
  function sayBusy(node) {
    var words = node.getAttribute("data-busy");
    if (!words || node.dataset.busyShown) return;
    node.dataset.busyShown = "1";
    var note = window.Treys.element("p", "busy-note", words);
    note.setAttribute("role", "status");
    node.insertAdjacentElement("afterend", note);
    showProgress(note, Number(node.getAttribute("data-busy-seconds")) || 0);
  }

  // How far: a bar that fills over the time the work is expected to take (data-busy-seconds, from how much
  // there is to do), or moves to and fro when that is not known, and the seconds gone by, every half second.
  function showProgress(note, expected) {
    var bar = document.createElement("progress");
    bar.className = "busy-bar";
    if (expected > 0) bar.max = expected;
    var gone = window.Treys.element("span", "busy-time", "");
    note.appendChild(document.createElement("br"));
    note.appendChild(bar);
    note.appendChild(gone);
    var started = Date.now();
    var timer = window.setInterval(function () {
      if (!note.isConnected) { window.clearInterval(timer); return; }
      var seconds = (Date.now() - started) / 1000;
      if (expected > 0) bar.value = Math.min(seconds, expected * 0.95);
      gone.textContent = " Working: " + Math.round(seconds) + " s" +
        (expected > 0 ? " of about " + Math.ceil(expected) + " s" : "");
    }, 500);
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest("a[data-busy]");
    if (link) sayBusy(link);
  });
  document.addEventListener("submit", function (event) {
    if (event.target.hasAttribute("data-busy")) sayBusy(event.target);
  });

  // Coming back with the browser's Back button: the forms can be sent again.
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("[data-busy-shown]").forEach(function (node) {
      delete node.dataset.busyShown;
      if (node.nextElementSibling && node.nextElementSibling.classList.contains("busy-note")) {
        node.nextElementSibling.remove();
      }
    });
    document.querySelectorAll("form[data-once]").forEach(function (form) {
      delete form.dataset.sent;
      form.querySelectorAll("button[type=submit]:not([hidden])").forEach(function (button) {
        button.disabled = false;
        button.classList.remove("is-busy");
      });
    });
  });

  // Choices shown by class as well as by :has() (which Safari before 15.4 and Chrome before 105 lack):
  // the chosen pill or rule set card is .is-checked, and each form carries with-<id> for every ticked
  // box or chosen radio button in it (and with-<class> for its classes), so the CSS can show what
  // those choices ask for. Run after the other scripts have restored drafts, and after every change.
  function markChoices() {
    document.querySelectorAll("form").forEach(function (form) {
      var marks = {};
      form.querySelectorAll("input[type=radio]:checked, input[type=checkbox]:checked").forEach(function (input) {
        if (input.id) marks["with-" + input.id] = true;
        input.classList.forEach(function (name) { marks["with-" + name] = true; });
      });
      Array.prototype.slice.call(form.classList).forEach(function (name) {
        if (name.indexOf("with-") === 0 && !marks[name]) form.classList.remove(name);
      });
      Object.keys(marks).forEach(function (name) { form.classList.add(name); });
      form.classList.add("js-checked");
    });
    document.querySelectorAll(".pill").forEach(function (pill) {
      pill.classList.toggle("is-checked", Boolean(pill.querySelector("input:checked")));
    });
    document.querySelectorAll(".ruleset-card").forEach(function (card) {
      card.classList.toggle("is-checked", Boolean(card.querySelector("input[name=ruleset]:checked")));
    });
    document.querySelectorAll(".row-black_threes_melded").forEach(function (row) {
      row.classList.toggle("is-filled", Boolean(row.querySelector(
        "input.has-value, input[type=radio]:checked:not([value='0'])")));
    });
    document.querySelectorAll(".concealed-row").forEach(function (row) {
      row.classList.toggle("has-error", Boolean(row.querySelector(".field-error")));
    });
    document.querySelectorAll(".rows-points").forEach(function (rows) {
      rows.classList.toggle("is-open", Boolean(rows.querySelector("details.counter[open], .has-error")));
    });
  }
  function markSoon() {   // now, and again once other scripts' handlers of the same event have run
    markChoices();
    window.setTimeout(markChoices, 0);
  }
  // A figure typed beside a choice chooses it (the house rules form: "Another figure", "So much each", "Our own
  // steps"), so that what was typed is never left out because a radio button was not pressed first.
  document.addEventListener("input", function (event) {
    var id = event.target.dataset ? event.target.dataset.chooses : "";
    var radio = id ? document.getElementById(id) : null;
    if (radio && !radio.checked) radio.checked = true;
  });
  ["change", "input", "click", "reset"].forEach(function (name) { document.addEventListener(name, markSoon); });
  document.addEventListener("toggle", markSoon, true);     // a counter opened or closed (toggle does not bubble)
  document.addEventListener("DOMContentLoaded", function () {
    markChoices();
    // messages put into a form by a script (a refused hand) count too; markChoices changes only classes,
    // so watching for added and removed elements never sets itself off
    if (window.MutationObserver) {
      new MutationObserver(markChoices).observe(document.body, { childList: true, subtree: true });
    }
  });
  window.addEventListener("pageshow", markChoices);
  document.addEventListener("focusin", function (event) {
    var pill = event.target.closest && event.target.closest(".suit-pills .pill");
    if (pill) pill.classList.add("has-focus");
  });
  document.addEventListener("focusout", function (event) {
    var pill = event.target.closest && event.target.closest(".suit-pills .pill");
    if (pill) pill.classList.remove("has-focus");
  });

  // The colour scheme: light, dark or as the device (kept on this browser; static/js/early.js applies it
  // before the page shows). The choice is three buttons in the footer.
  function showScheme() {
    var chosen = document.documentElement.getAttribute("data-scheme") || "device";
    document.querySelectorAll("[data-scheme-choice]").forEach(function (button) {
      button.setAttribute("aria-pressed", String(button.getAttribute("data-scheme-choice") === chosen));
    });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-scheme-choice]");
    if (!button) return;
    var choice = button.getAttribute("data-scheme-choice");
    try {
      if (choice === "device") window.localStorage.removeItem("treys:scheme");
      else window.localStorage.setItem("treys:scheme", choice);
    } catch (ignored) { /* private browsing: the choice lasts for this page only */ }
    if (choice === "device") document.documentElement.removeAttribute("data-scheme");
    else document.documentElement.setAttribute("data-scheme", choice);
    showScheme();
  });
  document.addEventListener("DOMContentLoaded", showScheme);

  // Tapping a number selects it, so what is typed replaces it.
  document.addEventListener("focusin", function (event) {
    var input = event.target;
    if (input.matches && input.matches("input[type=number]")) {
      var before = input.value;
      window.setTimeout(function () {   // not once typing has begun: a quick first digit is kept
        if (input.value !== before || document.activeElement !== input) return;
        try { input.select(); } catch (ignored) { /* some browsers cannot select a number */ }
      }, 0);
    }
  });
})();
