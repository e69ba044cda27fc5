// The browser floor for static/css (the "browserslist" entry in package.json: iOS Safari 12, Chrome 80,
// the last two Firefox versions), run by tests/web/test_browser_floor.py.
//
// stylelint-no-unsupported-browser-features (doiuse over caniuse data) finds each feature below the
// floor. The rule "treys/browser-floor" runs it and lets a finding through only where the feature is
// guarded by the @supports test listed for it in GUARDS, so a new unguarded use fails the test:
//   flexbox-gap        flex `gap` arrived in Safari 14.1 and Chrome 84; `@supports (inset: 0)` stands
//                      for it (inset came in the same Safari release; Chrome 84-86 get the margins) and
//                      `@supports not (inset: 0)` holds the margins that space targets below that.
//   css-has, css-not-sel-list
//                      `:has()` only inside `@supports selector(:has(*))`; a class set by static/js/app.js
//                      (.is-checked) shows the chosen pill or card in older browsers; `:not(a, b)` is only
//                      used inside those :has() rules (doiuse also flags `:not(a)` of one selector, which
//                      every browser has: those are let through).
//   css-focus-visible  inside `@supports selector(:focus-visible)`; older browsers keep their own ring.
//   pointer, css-touch-action
//                      `touch-action: manipulation` inside `@supports (touch-action: manipulation)`.
//   css-subgrid        the hand form's score sheet only inside `@supports (grid-template-rows: subgrid)`;
//                      without it the team cards stay as they are.
//   css-container-queries  the hand form's grid of tiles only inside `@supports (container-type: inline-size)`;
//                      without it each team's rows stay one under another.
//   anything inside `@media print`: the PDFs are made by WeasyPrint, never shown by a tablet's browser.
// Accepted everywhere, with the reason:
//   ignorePartialSupport  "partial" here means a part we do not rely on: css-math-functions is flagged for
//                      clamp() (every clamp() follows a plain fallback size) and for minmax(0, 1fr);
//                      css-overflow for overflow: clip/overlay (we use hidden/auto); multicolumn for
//                      column-span and break-* (print hints); css-appearance where the prefixed property
//                      sits beside it.
//   prefers-color-scheme  a media query is its own guard: iOS 12 skips it and shows the light scheme.
//   text-size-adjust   a hint for phone browsers that Firefox ignores harmlessly.
//   css-paged-media    @page rules serve the PDFs (WeasyPrint), never a screen.
// sheet_print.css is only read by WeasyPrint for the game's printed sheet, so it is not linted.
import stylelint from "stylelint";

const { createPlugin, utils } = stylelint;
const ruleName = "treys/browser-floor";
const upstream = "plugin/no-unsupported-browser-features";
const GUARDS = {
  "flexbox-gap": "(inset:0)",
  "css-has": "selector(:has(*))",
  "css-not-sel-list": "selector(:has(*))",
  "css-focus-visible": "selector(:focus-visible)",
  "pointer": "(touch-action:manipulation)",
  "css-touch-action": "(touch-action:manipulation)",
  "css-subgrid": "(grid-template-rows:subgrid)",
  "css-container-queries": "(container-type:inline-size)",
};
const IGNORED = ["prefers-color-scheme", "text-size-adjust", "css-paged-media"];

function guarded(node, feature) {
  if (feature === "css-not-sel-list" && node.type === "rule" && !/:not\([^)]*,/.test(node.selector)) {
    return true;                // doiuse also flags :not() of one selector; only a list in :not() is new
  }
  const guard = GUARDS[feature];
  for (let parent = node && node.parent; parent; parent = parent.parent) {
    if (parent.type === "atrule" && parent.name === "media" && parent.params.trim() === "print") {
      return true;              // printed by WeasyPrint for the PDFs, never shown by a tablet's browser
    }
    if (guard && parent.type === "atrule" && parent.name === "supports"
        && !/^\s*not\b/.test(parent.params) && parent.params.replace(/\s+/g, "").includes(guard)) {
      return true;
    }
  }
  return false;
}

const browserFloor = createPlugin(ruleName, (enabled) => async (root, result) => {
  if (!enabled) { return; }
  await utils.checkAgainstRule(
    { ruleName: upstream, ruleSettings: [true, { ignorePartialSupport: true, ignore: IGNORED }], root, result },
    (warning) => {
      const feature = (/"([^"]+)"/.exec(warning.text) || [])[1];
      if (!guarded(warning.node, feature)) {
        utils.report({ ruleName, result, node: warning.node, message: warning.text.replace(upstream, ruleName) });
      }
    },
  );
});

export default {
  plugins: ["stylelint-no-unsupported-browser-features", browserFloor],
  ignoreFiles: ["static/css/sheet_print.css"],
  rules: { [ruleName]: true },
};
