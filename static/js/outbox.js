/* Hands kept on the tablet: drafts as a hand is typed, and Saves that could not reach the server or that the
   server answered with "not now" (a 5xx: busy, restarting, its database away; or no answer in time).
   A kept Save is sent again by itself when the server answers again, with its client token, so the
   server records it once however many times it arrives. Every page still works without this file. */
(function () {
  "use strict";
  var OUTBOX = "treys:outbox";
  // How often a kept Save is sent again: every 8 seconds, or the script tag's data-retry-ms (OUTBOX_RETRY_MS in
  // the app's config, for the tests' server).
  var script = document.currentScript;
  var RETRY_MS = parseInt(script && script.getAttribute("data-retry-ms"), 10) || 8000;
  // The longest a Save waits for the server's answer before the hand is kept for later (the server's own
  // bounds on a wait for the database are a few seconds).
  var ANSWER_WAIT_MS = 15000;
  var sending = false;

  function read(key, fallback) {
    try {
      var text = window.localStorage.getItem(key);
      return text ? JSON.parse(text) : fallback;
    } catch (ignored) {
      return fallback;
    }
  }

  function write(key, value) {
    try {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, JSON.stringify(value));
    } catch (ignored) { /* private mode or full: the page still works, only without the copy */ }
  }

  function draftKey(game, hand) { return "treys:draft:" + game + ":" + hand; }

  function pending() { return read(OUTBOX, []); }

  function banner() {
    var box = document.getElementById("saved-on-tablet");
    if (!box) {
      box = window.Treys.element("div", "saved-on-tablet");
      box.id = "saved-on-tablet";
      box.setAttribute("role", "status");
      var main = document.querySelector("main") || document.body;
      main.insertBefore(box, main.firstChild);
    }
    return box;
  }

  // The plain banner: which hands wait on this tablet, or why one could not be sent.
  function showBanner(extra) {
    var items = pending();
    var lines = items.map(function (item) {
      return item.why === "server"
        ? "Hand " + item.hand + " is saved on this tablet: the server cannot record it just now. " +
          "The tablet will send it by itself as soon as the server answers again."
        : "Hand " + item.hand + " is saved on this tablet and will be sent when the wifi is back.";
    });
    if (extra) lines.push(extra);
    var box = banner();
    box.textContent = "";
    lines.forEach(function (line) { box.appendChild(window.Treys.element("p", "", line)); });
    box.hidden = lines.length === 0;
  }

  // An answer that says "not now" rather than "no": any 5xx (502, 503, 504 from a proxy or the server).
  function notNow(response) { return response.status >= 500; }

  // A POST of the form that gives up after ANSWER_WAIT_MS (rejected with an AbortError). Where the browser
  // cannot give up on a request (iOS Safari before 12.2), it waits for the network's own answer.
  var Abort = window["AbortController"];

  function post(url, body) {
    var controller = Abort ? new Abort() : null;
    var timer = controller ? window.setTimeout(function () { controller.abort(); }, ANSWER_WAIT_MS) : null;
    return fetch(url, {
      method: "POST", body: body, credentials: "same-origin", redirect: "manual",
      headers: { "Accept": "text/html" }, signal: controller ? controller.signal : undefined
    }).then(function (response) {
      window.clearTimeout(timer);
      return response;
    }, function (error) {
      window.clearTimeout(timer);
      throw error;
    });
  }

  // A fresh CSRF token from the hand form (an old one may have run out while the wifi was down).
  // A form the server cannot give just now counts as "not now" too.
  function freshToken(item) {
    return fetch(item.formUrl, { credentials: "same-origin" }).then(function (response) {
      if (notNow(response)) throw new Error("not now");
      return response.text();
    }).then(function (html) {
      var doc = new DOMParser().parseFromString(html, "text/html");
      var input = doc.querySelector("input[name=csrf_token]");
      return input ? input.value : null;
    });
  }

  // Send one kept hand; resolves "saved", "refused" (the server answered but did not record it)
  // or "later" (the server said "not now"), or rejects when the network is still down.
  function send(item) {
    return freshToken(item).then(function (token) {
      var body = new URLSearchParams(item.body);
      if (token) body.set("csrf_token", token);
      return post(item.url, body);
    }, function (error) {
      if (error && error.message === "not now") return null;
      throw error;
    }).then(function (response) {
      if (response === null || notNow(response)) return "later";
      return response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)
        ? "saved" : "refused";
    });
  }

  function markWhy(item, why) {
    write(OUTBOX, pending().map(function (other) {
      if (other.token === item.token) other.why = why;
      return other;
    }));
  }

  function remove(item) {
    write(OUTBOX, pending().filter(function (other) { return other.token !== item.token; }));
  }

  // Send every kept hand, oldest first; stop at the first network failure.
  function flush() {
    var items = pending();
    if (sending || !items.length) return Promise.resolve();
    sending = true;
    var item = items[0];
    return send(item).then(function (outcome) {
      sending = false;
      if (outcome === "later") {
        markWhy(item, "server");
        showBanner();
        return null;
      }
      remove(item);
      if (outcome === "saved") {
        write(draftKey(item.game, item.hand), null);
        if (!pending().length) {
          window.location.assign(item.gameUrl);
          return null;
        }
        return flush();
      }
      showBanner("Hand " + item.hand + " could not be recorded as it was: open it again, check it and press Save.");
      return null;
    }, function (error) {
      sending = false;
      markWhy(item, error && error.name === "AbortError" ? "server" : "wifi");
      showBanner();
    });
  }

  window.Treys = window.Treys || {};
  window.Treys.store = { read: read, write: write, draftKey: draftKey };
  window.Treys.outbox = {
    // Keep a Save that could not reach the server, then try again as soon as the wifi is back.
    keep: function (item) {
      var items = pending().filter(function (other) { return other.token !== item.token; });
      items.push(item);
      write(OUTBOX, items);
      showBanner();
    },
    pending: pending,
    flush: flush,
    post: post,
    notNow: notNow
  };

  // The game page says how many hands it holds: drafts of those hands are done with.
  var state = document.getElementById("game-state");
  if (state) {
    for (var number = 1; number <= Number(state.dataset.hands); number += 1) {
      write(draftKey(state.dataset.game, number), null);
    }
  }

  // Send what waits once the page has finished loading, so the return to the game page it
  // ends with never cuts this page's own load short.
  if (pending().length) {
    showBanner();
    if (document.readyState === "complete") flush();
    else window.addEventListener("load", function () { flush(); });
  }
  window.addEventListener("online", flush);
  window.setInterval(function () { if (pending().length) flush(); }, RETRY_MS);
})();
