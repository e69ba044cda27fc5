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

  // Coming back with the browser's Back button: the forms can be sent again.
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("form[data-once]").forEach(function (form) {
      delete form.dataset.sent;
      form.querySelectorAll("button[type=submit]:not([hidden])").forEach(function (button) {
        button.disabled = false;
        button.classList.remove("is-busy");
      });
    });
  });

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
