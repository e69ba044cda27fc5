// Runs in <head>: mark the page as scripted so CSS can show the JS-only controls (no inline script: CSP).
document.documentElement.classList.add("js");
