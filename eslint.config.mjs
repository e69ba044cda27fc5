// The browser floor for static/js (the "browserslist" entry in package.json), run by
// tests/web/test_browser_floor.py: eslint-plugin-compat reports any web API those browsers lack,
// and ecmaVersion 2018 refuses newer syntax (iOS Safari 12 runs ES2018, not ?. or ??).
import compat from "eslint-plugin-compat";

export default [
  {
    files: ["static/js/*.js"],
    plugins: { compat },
    languageOptions: { ecmaVersion: 2018, sourceType: "script" },
    rules: { "compat/compat": "error" },
  },
];
